// Mounts the OpenID Connect provider at /oidc on the Fastify server, in every mode. Its requests
// are handed to the provider's own (Koa) handler before Fastify's body parsers, rate limit and
// idempotency hooks see them; the sign-in pages at /oidc/interaction are ordinary routes. The
// provider is made on first use, once the server listens, since its issuer carries the real port.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';
import type { AppContext } from '../context.js';
import { OIDC_PREFIX, oidcIssuer, serverUrl } from '../http/server-url.js';
import { createOidcProvider, INTERACTION_PATH } from './provider.js';
import { interactionRoutes } from './interaction-routes.js';

export type ProviderSource = () => Promise<Provider>;

/** Paths under /oidc that the provider answers itself (everything but the sign-in pages). */
function isProviderPath(url: string): boolean {
  if (url !== OIDC_PREFIX && !url.startsWith(`${OIDC_PREFIX}/`) && !url.startsWith(`${OIDC_PREFIX}?`))
    return false;
  return url !== INTERACTION_PATH && !url.startsWith(`${INTERACTION_PATH}/`);
}

/** Must be registered before the other root hooks, so the provider reads its own request bodies. */
export function registerOidcProvider(app: FastifyInstance, ctx: AppContext): void {
  let provider: Promise<Provider> | undefined;
  let handler: Promise<ReturnType<Provider['callback']>> | undefined;
  const providerSource: ProviderSource = () => {
    if (!provider) {
      provider = createOidcProvider(oidcIssuer(serverUrl(app, ctx.config.host, ctx.config.port)), ctx);
      handler = provider.then((made) => made.callback());
      // A failed start is tried again on the next request rather than remembered.
      provider.catch(() => (provider = undefined));
    }
    return provider;
  };
  const handlerSource = (): Promise<ReturnType<Provider['callback']>> => {
    void providerSource();
    return handler!;
  };

  app.addHook('onRequest', async (request, reply) => {
    const url = request.raw.url ?? '';
    if (!isProviderPath(url)) return;
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    try {
      const handle = await handlerSource();
      // As a mounting framework does: the provider routes on the rest of the path and finds its
      // mount point (for the URLs it builds) in originalUrl.
      raw.originalUrl = url;
      const rest = url.slice(OIDC_PREFIX.length);
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      await handle(raw, reply.raw);
    } catch (error) {
      request.log.error(error, 'the OpenID Connect provider could not answer');
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      reply.raw.end('The sign-in service failed; try again.');
    }
  });

  interactionRoutes(app, ctx, providerSource);
}
