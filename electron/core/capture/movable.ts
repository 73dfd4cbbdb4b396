// Bytes handed between the core and the capture worker are moved, not copied, when they own their
// whole ArrayBuffer. Node 22 and later mark memory a native addon allocated (sharp's output) as
// untransferable, and postMessage refuses to move it; such bytes are copied instead. Node 20 has no
// such mark (nor isMarkedAsUntransferable) and moves them.
import * as workerThreads from 'node:worker_threads';

const isMarkedAsUntransferable = (workerThreads as { isMarkedAsUntransferable?: (value: object) => boolean })
  .isMarkedAsUntransferable;

/** The buffer to move with a message carrying `bytes`, or none when they must be copied. */
export function movable(bytes: Uint8Array): ArrayBuffer[] {
  const buffer = bytes.buffer;
  const whole =
    buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength;
  return whole && !isMarkedAsUntransferable?.(buffer) ? [buffer] : [];
}
