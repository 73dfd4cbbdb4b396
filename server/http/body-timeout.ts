// How long a request body may stall: a body that stops arriving is answered with 408 and the
// connection closed, so a stalled client cannot hold a connection open for ever.
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.js';

/**
 * Answers 408 (published error shape) when no byte of a request's body has arrived for `idleMs`,
 * then closes the connection. A slow body that keeps arriving is never cut off.
 */
export function registerBodyIdleTimeout(app: FastifyInstance, idleMs: number): void {
  if (!(idleMs > 0)) return;
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete) return done();
    // The socket's idle timer: Node emits 'timeout' on the request while its body is incomplete.
    raw.setTimeout(idleMs);
    // Once the body is in, the timer must not cut a slow answer or an idle keep-alive connection.
    // After an early answer Node has set its own keep-alive timer by the time the body ends.
    raw.once('end', () => {
      if (!reply.raw.writableFinished) raw.setTimeout(0);
    });
    raw.once('timeout', () => {
      const socket = raw.socket;
      if (!reply.sent) {
        const seconds = Math.round(idleMs / 100) / 10;
        reply
          .status(408)
          .header('connection', 'close')
          .type('application/json; charset=utf-8')
          .send(errorBody(408, `The request body stopped arriving: nothing was received for ${seconds} s`));
      }
      // The answer is written first; a client that still sends nothing is then disconnected.
      reply.raw.once('finish', () => socket.destroySoon());
      if (reply.raw.writableFinished) socket.destroySoon();
    });
    done();
  });
}
