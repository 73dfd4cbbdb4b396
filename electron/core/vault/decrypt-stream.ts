// Vault file bytes in, verified plaintext out. A chunk is released only after its tag verifies, so
// a consumer never sees bytes that were altered; a bad chunk ends the stream with an error.
import { Transform, type TransformCallback } from 'node:stream';
import { VaultIntegrityError } from './errors.js';
import { decodeHeader, HEADER_BYTES, openChunk, TAG_BYTES, type FileHeader } from './format.js';

export class DecryptStream extends Transform {
  private buffered: Buffer = Buffer.alloc(0);
  private header: FileHeader | null = null;
  private index = 0;

  constructor(
    private readonly key: Buffer,
    private readonly id: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const error = this.drain(false);
    callback(error ?? undefined);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.drain(true) ?? undefined);
  }

  private drain(atEnd: boolean): VaultIntegrityError | null {
    if (!this.header) {
      if (this.buffered.length < HEADER_BYTES) return atEnd ? this.fail('file too short') : null;
      const header = decodeHeader(this.buffered);
      if (typeof header === 'string') return this.fail(header);
      if (header.id.toString('hex') !== this.id) return this.fail('file belongs to another document');
      this.header = header;
      this.buffered = this.buffered.subarray(HEADER_BYTES);
    }
    const sealedSize = this.header.chunkBytes + TAG_BYTES;
    // A full chunk followed by at least one more byte cannot be the last one.
    while (this.buffered.length > sealedSize) {
      const plain = openChunk(
        this.key,
        this.header,
        this.index,
        false,
        this.buffered.subarray(0, sealedSize),
      );
      if (!plain) return this.fail(`chunk ${this.index} does not verify`);
      this.push(plain);
      this.index++;
      this.buffered = this.buffered.subarray(sealedSize);
    }
    if (atEnd) {
      const plain = openChunk(this.key, this.header, this.index, true, this.buffered);
      if (!plain)
        return this.fail(this.buffered.length < TAG_BYTES ? 'file cut short' : `last chunk does not verify`);
      this.push(plain);
      this.buffered = Buffer.alloc(0);
    }
    return null;
  }

  private fail(reason: string): VaultIntegrityError {
    return new VaultIntegrityError(this.id, reason);
  }
}
