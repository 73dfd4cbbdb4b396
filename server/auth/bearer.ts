// Bearer authentication of every /api/v1 route (contract §1).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenRepository } from '../store/tokens.js';
import { errorBody } from '../http/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated partner; every record a route touches is scoped to it. */
    partnerId: string;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

function refuse(reply: FastifyReply, message: string): FastifyReply {
  return reply
    .status(401)
    .header('WWW-Authenticate', 'Bearer error="invalid_token"')
    .type('application/json; charset=utf-8')
    .send(errorBody(401, message));
}

/** Adds the bearer check to every route of `scope` (a plugin's encapsulated instance). */
export function requireBearer(scope: FastifyInstance, tokens: TokenRepository): void {
  scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    if (!header) return refuse(reply, 'Missing bearer token');
    const match = BEARER.exec(header);
    if (!match?.[1]) return refuse(reply, 'Malformed Authorization header: expected "Bearer <token>"');
    const partnerId = tokens.partnerFor(match[1]);
    if (!partnerId) return refuse(reply, 'Invalid, expired or revoked access token');
    request.partnerId = partnerId;
  });
}
