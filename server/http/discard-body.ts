// What happens to the part of a body that is refused: it is read to its end (up to a cap) before
// the answer goes out. Clients such as curl and Python's http.client write the whole request before
// they read the answer, and a server that closes while they are still writing leaves them with a
// broken pipe or a reset instead of the answer.
import type { IncomingMessage } from 'node:http';

/** The most of a refused body read and thrown away before answering; past it the answer goes out at once. */
export const DISCARD_CAP_BYTES = 128 * 1024 * 1024;

/**
 * Reads and throws away what is left of a request body. Resolves true when the body ended, false
 * when it was cut off, broke, or went past `capBytes` (the caller then closes the connection).
 */
export function discardRestOfBody(raw: IncomingMessage, capBytes = DISCARD_CAP_BYTES): Promise<boolean> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve(raw.readableEnded);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (ended: boolean) => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onClose);
      raw.off('close', onClose);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > capBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.readableEnded);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('error', onClose);
    raw.once('close', onClose);
    raw.resume();
  });
}
