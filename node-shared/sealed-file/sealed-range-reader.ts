// Reads any byte range of a sealed file's plaintext by opening only the chunks it spans, so a parser
// that jumps around a 40 MB PDF (trailer, cross-reference table, page tree) holds a few chunks, not
// the file.
import { open, type FileHandle } from 'node:fs/promises';
import { decodeHeader, HEADER_BYTES, openChunk, TAG_BYTES, type FileHeader } from './format.js';

/** A sealed file for a reader in another thread of this process (the key never leaves the process). */
export interface SealedFileRef {
  id: string;
  path: string;
  key: Uint8Array;
}

/** The whole plaintext of a sealed file, every chunk verified, in one buffer. */
export async function readSealedFile(ref: SealedFileRef): Promise<Buffer> {
  const reader = await SealedRangeReader.open(ref);
  try {
    return await reader.read(0, reader.size);
  } finally {
    await reader.close();
  }
}

export class SealedRangeReader {
  /** The last chunk opened: parsers read neighbouring ranges one after another. */
  private cached: { index: number; plain: Buffer } | null = null;

  private constructor(
    private readonly file: FileHandle,
    private readonly key: Buffer,
    private readonly header: FileHeader,
    private readonly chunks: number,
    /** Size of the plaintext in bytes. */
    readonly size: number,
  ) {}

  /** Opens the sealed file, checking it is the file with this id. */
  static async open({ path, key: keyBytes, id }: SealedFileRef): Promise<SealedRangeReader> {
    const key = Buffer.from(keyBytes.buffer, keyBytes.byteOffset, keyBytes.byteLength);
    const file = await open(path, 'r');
    try {
      const { size: fileSize } = await file.stat();
      const head = Buffer.alloc(HEADER_BYTES);
      await file.read(head, 0, HEADER_BYTES, 0);
      const header = decodeHeader(head);
      if (typeof header === 'string') throw new Error(`Sealed file ${id}: ${header}`);
      if (header.id.toString('hex') !== id) throw new Error(`Sealed file ${id}: belongs to another file`);
      const stride = header.chunkBytes + TAG_BYTES;
      const chunks = Math.max(1, Math.ceil((fileSize - HEADER_BYTES) / stride));
      const size = fileSize - HEADER_BYTES - chunks * TAG_BYTES;
      if (size < 0) throw new Error(`Sealed file ${id}: cut short`);
      return new SealedRangeReader(file, key, header, chunks, size);
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  /** Plaintext bytes [begin, end), every chunk verified. */
  async read(begin: number, end: number): Promise<Buffer> {
    const last = Math.min(end, this.size);
    if (begin < 0 || begin > last) throw new RangeError(`No bytes ${begin}–${end} in a file of ${this.size}`);
    const parts: Buffer[] = [];
    const chunkBytes = this.header.chunkBytes;
    for (let index = Math.floor(begin / chunkBytes); index * chunkBytes < last; index++) {
      const plain = await this.chunk(index);
      const from = Math.max(begin - index * chunkBytes, 0);
      const to = Math.min(last - index * chunkBytes, plain.length);
      parts.push(plain.subarray(from, to));
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  close(): Promise<void> {
    this.cached = null;
    return this.file.close();
  }

  private async chunk(index: number): Promise<Buffer> {
    if (this.cached?.index === index) return this.cached.plain;
    const stride = this.header.chunkBytes + TAG_BYTES;
    const final = index === this.chunks - 1;
    const length = final ? this.size - index * this.header.chunkBytes + TAG_BYTES : stride;
    const sealed = Buffer.alloc(length);
    const { bytesRead } = await this.file.read(sealed, 0, length, HEADER_BYTES + index * stride);
    const plain = bytesRead === length ? openChunk(this.key, this.header, index, final, sealed) : null;
    if (!plain) throw new Error(`Sealed file: chunk ${index} does not verify`);
    this.cached = { index, plain };
    return plain;
  }
}
