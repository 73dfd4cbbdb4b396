// sharp (libvips) adds ~30 MB to the process when loaded; most sessions never touch an image, so
// it is loaded on first use rather than at core start.
import { isMainThread } from 'node:worker_threads';
import type SharpModule from 'sharp';

let loading: Promise<typeof SharpModule> | null = null;

export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import('sharp').then((m) => {
    // In the capture worker libvips gets one thread: the laptops have two cores, and the core's
    // event loop (sealing the next page, answering the screen) needs the other one meanwhile.
    if (!isMainThread) m.default.concurrency(1);
    return m.default;
  });
  return loading;
}
