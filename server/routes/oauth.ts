// POST /oauth/token: OAuth 2.0 client credentials (contract §1). Wrong secrets are throttled per
// client id sent (known or not) and per address (auth/throttle-policy.ts): past a few failures each
// attempt waits longer, and past a limit the client is locked; a refused attempt is answered 429
// with Retry-After and the wait in its description, before the secret is checked.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { secretMatches } from '../auth/secrets.js';
import { addressKey, clientKey } from '../auth/sign-in-throttle.js';
import { waitText } from '../oidc/sign-in-page.js';
import { ROUTES } from '../../shared/api/routes.js';
import { serve } from '../http/serve.js';

export function oauthRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(
    app,
    ROUTES.token,
    async (request, reply) => {
      // RFC 6749 §5.2 error bodies, since token clients expect them rather than the API's shape.
      reply.header('Cache-Control', 'no-store');
      const body: Record<string, unknown> = {
        ...basicCredentials(request.headers.authorization),
        ...(typeof request.body === 'object' && request.body !== null
          ? (request.body as Record<string, unknown>)
          : {}),
      };
      if (body.grant_type !== undefined && body.grant_type !== 'client_credentials') {
        return reply.status(400).send({
          error: 'unsupported_grant_type',
          error_description: 'Only grant_type=client_credentials is supported',
        });
      }
      const parsed = ROUTES.token.form.safeParse(body);
      if (!parsed.success) {
        return reply.status(400).send({
          error: 'invalid_request',
          error_description: 'Send grant_type=client_credentials, client_id and client_secret form-encoded',
        });
      }
      const policy = ctx.config.signInThrottle;
      const address = request.ip;
      const keys = [
        clientKey(parsed.data.client_id, policy.client),
        addressKey('client', address, policy.clientAddress),
      ];
      const verdict = ctx.clientThrottle.check(keys, address);
      if (verdict.kind !== 'go') {
        const wait = waitText(verdict.retryAfterMs);
        return reply
          .status(429)
          .header('Retry-After', String(Math.ceil(verdict.retryAfterMs / 1000)))
          .send({
            error: 'temporarily_unavailable',
            error_description:
              verdict.kind === 'locked'
                ? `Too many failed attempts: this client is locked for ${wait}. The partner's administrator can unlock it sooner.`
                : `Too many failed attempts: wait ${wait} before you try again.`,
          });
      }
      const partner = ctx.partners.byClientId(parsed.data.client_id);
      if (!partner || !secretMatches(parsed.data.client_secret, partner.clientSecretHash)) {
        const failed = ctx.clientThrottle.fail(keys, address, { reason: 'unknown client or wrong secret' });
        if (failed.retryAfterMs > 0)
          reply.header('Retry-After', String(Math.ceil(failed.retryAfterMs / 1000)));
        const then =
          failed.retryAfterMs === 0
            ? ''
            : failed.locked
              ? `; the client is now locked for ${waitText(failed.retryAfterMs)}`
              : `; wait ${waitText(failed.retryAfterMs)} before you try again`;
        return reply
          .status(401)
          .send({ error: 'invalid_client', error_description: `Unknown client or wrong secret${then}` });
      }
      ctx.clientThrottle.succeed(keys[0]!, address);
      const ttl = ctx.config.tokenTtlSeconds;
      return { access_token: ctx.tokens.issue(partner.id, ttl), token_type: 'Bearer', expires_in: ttl };
    },
    { config: { formBody: true } },
  );
}

/** RFC 6749 §2.3.1 also allows the client to authenticate with HTTP Basic (client_secret_basic). */
function basicCredentials(header: string | undefined): Record<string, string> {
  const match = header ? /^Basic ([A-Za-z0-9+/]+=*)$/.exec(header) : null;
  if (!match?.[1]) return {};
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return {};
  return {
    client_id: safeDecode(decoded.slice(0, colon)),
    client_secret: safeDecode(decoded.slice(colon + 1)),
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
