// Sealed bytes (header + chunks, format.ts) back to plaintext, chunk by chunk. A chunk is opened only
// once a byte beyond it has arrived (or the input ended), so the last chunk is always checked with
// the final flag and a truncated file fails instead of passing for a shorter one.
import { Transform, type TransformCallback } from 'node:stream';
import { decodeHeader, HEADER_BYTES, openChunk, TAG_BYTES, type FileHeader } from './format.js';

/** Why sealed bytes cannot be opened: the caller turns the reason into its own error. */
export type SealedFailure =
  | { kind: 'header'; reason: string }
  | { kind: 'cut-short' }
  | { kind: 'chunk'; index: number; final: boolean };

export class DecryptStream extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private header: FileHeader | null = null;
  private index = 0;

  constructor(
    private readonly key: Buffer,
    private readonly failure: (why: SealedFailure) => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    try {
      if (!this.header) {
        if (this.pendingBytes < HEADER_BYTES) return callback();
        const header = decodeHeader(this.takeBytes(HEADER_BYTES));
        if (typeof header === 'string') throw this.failure({ kind: 'header', reason: header });
        this.header = header;
      }
      const sealed = this.header.chunkBytes + TAG_BYTES;
      while (this.pendingBytes > sealed) this.open(this.takeBytes(sealed), false);
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      if (!this.header) throw this.failure({ kind: 'cut-short' });
      this.open(this.takeBytes(this.pendingBytes), true);
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  private open(sealed: Buffer, final: boolean): void {
    const plain = openChunk(this.key, this.header!, this.index, final, sealed);
    if (!plain) throw this.failure({ kind: 'chunk', index: this.index, final });
    this.index++;
    this.push(plain);
  }

  private takeBytes(n: number): Buffer {
    const all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = n < all.length ? [all.subarray(n)] : [];
    this.pendingBytes = all.length - n;
    return all.subarray(0, n);
  }
}
