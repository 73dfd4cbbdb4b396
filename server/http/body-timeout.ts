// How long a request may take to arrive, so that no client can hold a connection by sending slowly.
// The head is Node's (`headersMs`, set on the server in app.ts); from the headers on, each request
// with a body is watched here:
// - a body that stops (no byte for `bodyIdleMs`) is answered 408 and the connection closed;
// - a JSON or form body must be whole within `jsonBodyMs`; an upload gets `uploadGraceMs` and then
//   must keep arriving at `uploadMinBytesPerSecond` (so its time scales with its size);
// - an answer sent before the body was read (the bearer check's 401, a 429: authentication comes
//   before the body) goes out at once; the rest of the body is then read and thrown away, so a
//   client that writes its whole request before reading still reads the answer, but only while it
//   keeps coming (no pause of `afterAnswerIdleMs`, the upload rate after `afterAnswerMs`): a stalled
//   or trickling one is disconnected.
// Every 408 is in the published error shape and closes the connection.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RequestLimits } from '../config.js';
import { errorBody } from './errors.js';

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

function isUpload(raw: IncomingMessage): boolean {
  return (raw.headers['content-type'] ?? '').trim().toLowerCase().startsWith('multipart/');
}

export function registerBodyIdleTimeout(app: FastifyInstance, limits: RequestLimits): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete) return done();
    watchBody(raw, reply, limits);
    done();
  });
}

function watchBody(raw: IncomingMessage, reply: FastifyReply, limits: RequestLimits): void {
  const socket = raw.socket;
  const start = Date.now();
  // Bytes of this body read so far, near enough: the socket's count since the headers.
  const readAtStart = socket.bytesRead;
  const received = (): number => socket.bytesRead - readAtStart;
  const perMs = limits.uploadMinBytesPerSecond / 1000;
  let answered = false;
  let timer: NodeJS.Timeout | null = null;

  const schedule = (at: number, check: () => void): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(check, Math.max(0, at - Date.now()));
    timer.unref();
  };
  const stop = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    raw.off('timeout', onIdle);
  };

  const cut = (message: string): void => {
    stop();
    if (answered || reply.sent) {
      // The answer is out; what is left of the body is not worth the connection.
      socket.destroy();
      return;
    }
    reply
      .status(408)
      .header('connection', 'close')
      .type('application/json; charset=utf-8')
      .send(errorBody(408, message));
    // The answer is written first; a client that still sends nothing is then disconnected.
    reply.raw.once('finish', () => socket.destroySoon());
    if (reply.raw.writableFinished) socket.destroySoon();
  };

  function onIdle(): void {
    const idleMs = answered ? limits.afterAnswerIdleMs : limits.bodyIdleMs;
    cut(`The request body stopped arriving: nothing was received for ${seconds(idleMs)}`);
  }

  /**
   * A floor on the rate: from `graceMs` after `from`, at least the minimum rate since `from`.
   * Looked at again when the floor would pass what had arrived at the last look.
   */
  const rateFloor = (from: number, readBefore: number, graceMs: number, what: string) =>
    function check(): void {
      const elapsed = Date.now() - from;
      const got = received() - readBefore;
      if (got < (elapsed - graceMs) * perMs) {
        cut(
          `${what} arrived too slowly: ${got} bytes in ${seconds(elapsed)} (after the first ` +
            `${seconds(graceMs)} it must arrive at ${limits.uploadMinBytesPerSecond} bytes a second or more)`,
        );
        return;
      }
      schedule(Math.max(from + graceMs + got / perMs, Date.now() + 100), check);
    };

  if (isUpload(raw))
    schedule(start + limits.uploadGraceMs, rateFloor(start, 0, limits.uploadGraceMs, 'The upload'));
  else
    schedule(start + limits.jsonBodyMs, () =>
      cut(`The request body did not arrive whole within ${seconds(limits.jsonBodyMs)}`),
    );
  // The socket's idle timer: Node emits 'timeout' on the request while its body is incomplete.
  raw.setTimeout(limits.bodyIdleMs);
  raw.on('timeout', onIdle);

  raw.once('end', () => {
    stop();
    // Once the body is in, the timer must not cut a slow answer or an idle keep-alive connection:
    // the answer's own time is unbounded, and after an early answer the connection waits for its
    // next request as long as any other.
    if (!reply.raw.writableFinished) raw.setTimeout(0);
    else if (answered) raw.setTimeout(reply.server.server.keepAliveTimeout);
  });
  raw.once('close', stop);
  reply.raw.once('finish', () => {
    if (raw.complete || raw.destroyed) return;
    // Answered before the body was read: Node reads the rest and throws it away (its own listener
    // on 'finish' has run), now under the tighter limits.
    answered = true;
    raw.setTimeout(limits.afterAnswerIdleMs);
    const at = Date.now();
    schedule(
      at + limits.afterAnswerMs,
      rateFloor(at, received(), limits.afterAnswerMs, 'The rest of the body'),
    );
  });
}
