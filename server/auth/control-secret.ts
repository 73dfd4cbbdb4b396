// The secret the sandbox's control API (/sandbox/v1) asks for, in the X-Sandbox-Control-Secret
// header. That API sets staff passwords and acts as the partner's dashboard, so on a laptop any
// local program able to reach the loopback port could otherwise take the training sandbox over.
// The desktop app passes the secret it keeps in the keychain; a sandbox started without one keeps
// its own in its data folder (printed at every start, like the demo credentials).
import type { FastifyInstance } from 'fastify';
import { SANDBOX_CONTROL_SECRET_HEADER } from '../../shared/api/sandbox.js';
import type { AppContext } from '../context.js';
import { errorBody } from '../http/errors.js';
import { randomToken, secretMatches, hashSecret } from './secrets.js';

const META_KEY = 'control_secret';

/** The configured secret, else the data folder's own, made on its first start. */
export function controlSecretOf(ctx: Pick<AppContext, 'config' | 'partners'>): string {
  if (ctx.config.controlSecret) return ctx.config.controlSecret;
  const kept = ctx.partners.getMeta(META_KEY);
  if (kept) return kept;
  const made = randomToken(32);
  ctx.partners.setMeta(META_KEY, made);
  return made;
}

/** Refuses every request of `scope` without the secret, before its body is read. */
export function requireControlSecret(scope: FastifyInstance, secret: string): void {
  const expected = hashSecret(secret);
  scope.addHook('onRequest', async (request, reply) => {
    const sent = request.headers[SANDBOX_CONTROL_SECRET_HEADER];
    if (typeof sent === 'string' && secretMatches(sent, expected)) return;
    return reply
      .status(401)
      .type('application/json; charset=utf-8')
      .send(
        errorBody(
          401,
          sent === undefined
            ? 'The sandbox control API needs the X-Sandbox-Control-Secret header (the sandbox prints the secret when it starts)'
            : 'Wrong sandbox control secret',
        ),
      );
  });
}
