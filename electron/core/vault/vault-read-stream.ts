// A vault file as verified plaintext. The file's size says where its last chunk ends, so each chunk
// is read straight into a buffer of its own, opened and released; a chunk whose tag does not verify
// ends the stream with an error before any of its bytes reach the consumer.
import { close, fstat, open, read } from 'node:fs';
import { Readable } from 'node:stream';
import { VaultFileNotFoundError, VaultIntegrityError } from './errors.js';
import {
  decodeHeader,
  HEADER_BYTES,
  openChunk,
  TAG_BYTES,
  type FileHeader,
} from '../../../node-shared/sealed-file/format.js';

// Sealed chunks are read into reused buffers: they hold ciphertext only, and the bytes are copied out
// by the decryption, while fresh megabyte buffers per chunk doubled the garbage of an upload and
// with it the collector's work.
const spare = new Map<number, Buffer[]>();
const SPARE_PER_SIZE = 8;

function borrow(size: number): Buffer {
  return spare.get(size)?.pop() ?? Buffer.allocUnsafeSlow(size);
}

function giveBack(buffer: Buffer): void {
  let list = spare.get(buffer.length);
  if (!list) spare.set(buffer.length, (list = []));
  if (list.length < SPARE_PER_SIZE) list.push(buffer);
}

export class VaultReadStream extends Readable {
  private fd: number | null = null;
  private header: FileHeader | null = null;
  private fileSize = 0;
  private position = HEADER_BYTES;
  private index = 0;
  private reading = false;
  /** Set when the stream is destroyed mid-read: the file is closed once that read is back. */
  private closeAfterRead: (() => void) | null = null;

  constructor(
    private readonly key: Buffer,
    private readonly id: string,
    private readonly path: string,
  ) {
    // Nothing read ahead beyond the chunk being consumed: memory stays at about one chunk.
    super({ highWaterMark: 1 });
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.path, 'r', (openError, fd) => {
      if (openError)
        return callback(openError.code === 'ENOENT' ? new VaultFileNotFoundError(this.id) : openError);
      this.fd = fd;
      fstat(fd, (statError, stats) => {
        if (statError) return callback(statError);
        this.fileSize = stats.size;
        if (stats.size < HEADER_BYTES) return callback(this.fail('file too short'));
        const bytes = Buffer.allocUnsafe(HEADER_BYTES);
        read(fd, bytes, 0, HEADER_BYTES, 0, (readError, got) => {
          if (readError) return callback(readError);
          const header = got === HEADER_BYTES ? decodeHeader(bytes) : 'file too short';
          if (typeof header === 'string') return callback(this.fail(header));
          if (header.id.toString('hex') !== this.id)
            return callback(this.fail('file belongs to another document'));
          this.header = header;
          callback();
        });
      });
    });
  }

  override _read(): void {
    const header = this.header!;
    const length = Math.min(header.chunkBytes + TAG_BYTES, this.fileSize - this.position);
    // Every chunk carries a tag, and an empty file still has its final chunk.
    if (length < TAG_BYTES) return void this.destroy(this.fail('file cut short'));
    const final = this.position + length === this.fileSize;
    const buffer = borrow(header.chunkBytes + TAG_BYTES);
    this.reading = true;
    read(this.fd!, buffer, 0, length, this.position, (error, got) => {
      this.reading = false;
      if (this.closeAfterRead) {
        giveBack(buffer);
        return this.closeAfterRead();
      }
      const plain =
        error || got !== length
          ? null
          : openChunk(this.key, header, this.index, final, buffer.subarray(0, length));
      giveBack(buffer);
      if (error) return void this.destroy(error);
      if (got !== length) return void this.destroy(this.fail('file changed while it was read'));
      if (!plain)
        return void this.destroy(
          this.fail(final ? 'last chunk does not verify' : `chunk ${this.index} does not verify`),
        );
      this.position += length;
      this.index++;
      this.push(plain);
      if (final) this.push(null);
    });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.fd === null) return callback(error);
    const fd = this.fd;
    this.fd = null;
    // Closing under a read in flight could let the number be reused and the read land elsewhere.
    const closeFile = () => close(fd, () => callback(error));
    if (this.reading) this.closeAfterRead = closeFile;
    else closeFile();
  }

  private fail(reason: string): VaultIntegrityError {
    return new VaultIntegrityError(this.id, reason);
  }
}
