// sharp (libvips) adds ~30 MB to the process when loaded; most sessions never touch an image, so
// it is loaded on first use rather than at core start.
import type SharpModule from 'sharp';

let loading: Promise<typeof SharpModule> | null = null;

export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
