// Plaintext in, vault file bytes out, chunk by chunk; measures the plaintext (size, SHA-256) on
// the way so the capture record holds the digest of what the user scanned, not of the ciphertext.
import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { sealChunk, type FileHeader } from './format.js';

export class EncryptStream extends Transform {
  private buffered: Buffer = Buffer.alloc(0);
  private index = 0;
  private headerSent = false;
  private readonly hash: Hash = createHash('sha256');
  private plainSize = 0;

  constructor(
    private readonly key: Buffer,
    private readonly header: FileHeader,
  ) {
    super();
  }

  get size(): number {
    return this.plainSize;
  }

  /** Valid once the stream has finished. */
  digest(): string {
    return this.hash.copy().digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      this.sendHeader();
      this.hash.update(chunk);
      this.plainSize += chunk.length;
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      const size = this.header.chunkBytes;
      // Strictly greater: a chunk is only known not to be the last once a byte beyond it exists.
      while (this.buffered.length > size) {
        this.push(sealChunk(this.key, this.header, this.index++, false, this.buffered.subarray(0, size)));
        this.buffered = this.buffered.subarray(size);
      }
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      this.sendHeader();
      // Always one final chunk, even empty, so an empty file still proves it was not truncated.
      this.push(sealChunk(this.key, this.header, this.index++, true, this.buffered));
      this.buffered = Buffer.alloc(0);
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  private sendHeader(): void {
    if (this.headerSent) return;
    this.headerSent = true;
    this.push(this.header.bytes);
  }
}
