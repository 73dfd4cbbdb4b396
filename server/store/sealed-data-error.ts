// The training sandbox's sealed data does not open: the wrong key, or bytes changed on disk.
import type { SealedFailure } from '../../node-shared/sealed-file/decrypt-stream.js';

export class SealedDataError extends Error {
  override readonly name = 'SealedDataError';
}

export function sealedDataError(why: SealedFailure): Error {
  const detail =
    why.kind === 'header'
      ? why.reason
      : why.kind === 'cut-short'
        ? 'cut short'
        : `part ${why.index + 1} does not verify`;
  return new SealedDataError(
    `The training sandbox's data cannot be opened with this computer's key (${detail}).`,
  );
}
