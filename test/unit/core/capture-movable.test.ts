// Bytes sent to and from the capture worker are moved when they own their buffer and copied
// otherwise, on every supported Node: 22 and later refuse to move memory a native addon allocated.
import { MessageChannel, markAsUntransferable } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { movable } from '../../../electron/core/capture/movable.js';

/** Posts `bytes` with what movable() says to move, as the pool and the worker do. */
function post(bytes: Uint8Array): void {
  const { port1, port2 } = new MessageChannel();
  try {
    port1.postMessage(bytes, movable(bytes));
  } finally {
    port1.close();
    port2.close();
  }
}

describe('bytes handed to the capture worker', () => {
  it('are moved when they own their whole buffer', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    post(bytes);
    expect(bytes.byteLength).toBe(0);
  });

  it('are copied when they are a view into a larger buffer', () => {
    const bytes = new Uint8Array(new ArrayBuffer(16), 4, 8);
    post(bytes);
    expect(bytes.byteLength).toBe(8);
  });

  it('are copied, not refused, when their memory may not be moved (a native addon’s)', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    markAsUntransferable(bytes.buffer);
    expect(() => post(bytes)).not.toThrow();
    expect([...bytes]).toEqual([1, 2, 3]);
  });
});
