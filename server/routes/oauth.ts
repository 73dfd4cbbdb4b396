// POST /oauth/token: OAuth 2.0 client credentials (contract §1).
import type { FastifyInstance } from 'fastify';
import { TokenRequestSchema } from '../../shared/api/auth.js';
import type { AppContext } from '../context.js';
import { secretMatches } from '../auth/secrets.js';

export function oauthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/oauth/token', async (request, reply) => {
    // RFC 6749 §5.2 error bodies, since token clients expect them rather than the API's shape.
    reply.header('Cache-Control', 'no-store');
    const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
    if (body.grant_type !== undefined && body.grant_type !== 'client_credentials') {
      return reply.status(400).send({ error: 'unsupported_grant_type', error_description: 'Only grant_type=client_credentials is supported' });
    }
    const parsed = TokenRequestSchema.safeParse(body);
    if (!parsed.success) {
      return reply.status(400).send({
        error: 'invalid_request',
        error_description: 'Send grant_type=client_credentials, client_id and client_secret form-encoded',
      });
    }
    const partner = ctx.partners.byClientId(parsed.data.client_id);
    if (!partner || !secretMatches(parsed.data.client_secret, partner.clientSecretHash)) {
      return reply.status(401).send({ error: 'invalid_client', error_description: 'Unknown client or wrong secret' });
    }
    const ttl = ctx.config.tokenTtlSeconds;
    return { access_token: ctx.tokens.issue(partner.id, ttl), token_type: 'Bearer', expires_in: ttl };
  });
}
