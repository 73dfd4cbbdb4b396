// Mounts the OpenID Connect provider at /oidc on the Fastify server, in every mode. Its requests
// are handed to the provider's own (Koa) handler before Fastify's body parsers, rate limit and
// idempotency hooks see them; the sign-in pages at /oidc/interaction are ordinary routes. The
// provider is made on first use, once the server listens, since its issuer carries the real port.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';
import type { AppContext } from '../context.js';
import { OIDC_PREFIX, oidcIssuer, serverUrl } from '../http/server-url.js';
import { createOidcProvider, INTERACTION_PATH } from './provider.js';
import { interactionRoutes } from './interaction-routes.js';
import { notSignedInPage } from './sign-in-page.js';

export type ProviderSource = () => Promise<Provider>;

/** Paths under /oidc that the provider answers itself (everything but the sign-in pages). */
function isProviderPath(url: string): boolean {
  if (url !== OIDC_PREFIX && !url.startsWith(`${OIDC_PREFIX}/`) && !url.startsWith(`${OIDC_PREFIX}?`))
    return false;
  return url !== INTERACTION_PATH && !url.startsWith(`${INTERACTION_PATH}/`);
}

const SESSION_END = `${OIDC_PREFIX}/session/end`;

/**
 * `/oidc/session/end` in a browser with no session: the provider would answer with a page that
 * submits itself by an inline script, without a policy. There is nothing to end, so the sandbox
 * answers that with its own page instead.
 */
async function answeredSignedOut(
  provider: Provider,
  raw: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const path = (raw.url ?? '').split('?')[0];
  if (path !== SESSION_END && path !== `${SESSION_END}/`) return false;
  if (raw.method !== 'GET' && raw.method !== 'POST') return false;
  const session = await provider.Session.get(provider.createContext(raw, res));
  if (session.accountId) return false;
  const page = notSignedInPage();
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': page.contentSecurityPolicy,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  });
  res.end(page.html);
  return true;
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
      if (await answeredSignedOut(await providerSource(), raw, reply.raw)) return;
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
