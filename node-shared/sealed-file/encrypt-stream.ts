// Plaintext in, vault file bytes out, chunk by chunk; measures the plaintext (size, SHA-256) on
// the way so the capture record holds the digest of what the user scanned, not of the ciphertext.
import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { sealChunk, type FileHeader } from './format.js';

export class EncryptStream extends Transform {
  // Input waiting for a whole chunk, kept as received: joining on every write would copy a large
  // chunk over and over as small writes arrive.
  private pending: Buffer[] = [];
  private pendingBytes = 0;
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
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
      const size = this.header.chunkBytes;
      // Strictly greater: a chunk is only known not to be the last once a byte beyond it exists.
      if (this.pendingBytes > size) {
        let data = this.takePending();
        while (data.length > size) {
          this.seal(false, data.subarray(0, size));
          data = data.subarray(size);
        }
        this.pending = [data];
        this.pendingBytes = data.length;
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
      this.seal(true, this.takePending());
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  private takePending(): Buffer {
    const data =
      this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    return data;
  }

  private seal(final: boolean, plain: Buffer): void {
    const { body, tag } = sealChunk(this.key, this.header, this.index++, final, plain);
    this.push(body);
    this.push(tag);
  }

  private sendHeader(): void {
    if (this.headerSent) return;
    this.headerSent = true;
    this.push(this.header.bytes);
  }
}
