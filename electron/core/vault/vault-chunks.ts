// A vault file as verified plaintext chunks, for sending: the next sealed chunk is read from disk
// while the consumer writes the current one to the socket, so the socket is kept fed rather than
// waiting on read, open, write in turn. The header and the first chunk come in one read, the file's
// size (which says where the last chunk ends) alongside it. Chunks are opened on the event loop:
// Web Crypto's thread-pool AES-GCM took twice the CPU per megabyte (about 2 ms against 1 ms here),
// which a drain on a busy two-core laptop pays in throughput. A chunk whose tag does not verify ends
// the iteration with an error before any of its bytes reach the consumer; the file is closed however
// the consumer stops.
//
// Opening the file, its size, the first read and closing are synchronous: each is a local-disk call
// of at most one chunk (1 MiB, a fraction of a millisecond from the page cache), and each
// asynchronous one costs two thread hand-offs and an event-loop wake-up, which for the small files
// that make most uploads cost more than the read itself (a drain of 400 small uploads made 7 965
// futex calls with them, 221 without). Only the read-ahead of a file's later chunks stays
// asynchronous, so a large file still lets the event loop run between its chunks.
import { closeSync, fstatSync, openSync, read, readSync } from 'node:fs';
import {
  decodeHeader,
  DEFAULT_CHUNK_BYTES,
  HEADER_BYTES,
  openChunk,
  TAG_BYTES,
  type FileHeader,
} from '../../../node-shared/sealed-file/format.js';
import { VaultFileNotFoundError, VaultIntegrityError } from './errors.js';

// Sealed chunks are read into reused buffers: they hold ciphertext only, and opening a chunk copies
// the bytes out, while fresh megabyte buffers per chunk doubled the garbage of an upload.
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

const readAt = (fd: number, buffer: Buffer, length: number, position: number) =>
  new Promise<number>((resolve, reject) =>
    read(fd, buffer, 0, length, position, (e, got) => (e ? reject(e) : resolve(got))),
  );

/** One sealed chunk as read: the buffer it was read into and the bytes that are the chunk. */
interface Sealed {
  buffer: Buffer;
  bytes: Buffer;
}

export async function* vaultChunks(key: Buffer, id: string, path: string): AsyncGenerator<Buffer, void> {
  const fail = (reason: string) => new VaultIntegrityError(id, reason);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw (error as NodeJS.ErrnoException).code === 'ENOENT' ? new VaultFileNotFoundError(id) : error;
  }
  // A read still in flight when the consumer stops: the file is closed only once it is back, so the
  // descriptor cannot be reused and the read land elsewhere.
  let ahead: Promise<Sealed> | null = null;
  try {
    // Files written with the default chunk size (all new ones) give the header and first chunk in one read.
    const first = borrow(HEADER_BYTES + DEFAULT_CHUNK_BYTES + TAG_BYTES);
    const fileSize = fstatSync(fd).size;
    const got = readSync(fd, first, 0, Math.min(first.length, fileSize), 0);
    if (got !== Math.min(first.length, fileSize)) throw fail('file changed while it was read');
    const header: FileHeader | string = got < HEADER_BYTES ? 'file too short' : decodeHeader(first);
    if (typeof header === 'string') throw fail(header);
    if (header.id.toString('hex') !== id) throw fail('file belongs to another document');
    const full = header.chunkBytes + TAG_BYTES;
    const lengthAt = (position: number) => Math.min(full, fileSize - position);
    const readChunk = async (position: number): Promise<Sealed> => {
      const length = lengthAt(position);
      const buffer = borrow(full);
      const n = await readAt(fd, buffer, length, position);
      if (n !== length) {
        giveBack(buffer);
        throw fail('file changed while it was read');
      }
      return { buffer, bytes: buffer.subarray(0, length) };
    };

    let position = HEADER_BYTES;
    let current: Sealed;
    if (header.chunkBytes === DEFAULT_CHUNK_BYTES)
      current = { buffer: first, bytes: first.subarray(HEADER_BYTES, HEADER_BYTES + lengthAt(position)) };
    else {
      giveBack(first);
      current = await readChunk(position);
    }
    for (let index = 0; ; index++) {
      const length = current.bytes.length;
      // Every chunk carries a tag, and an empty file still has its final chunk.
      if (length < TAG_BYTES) {
        giveBack(current.buffer);
        throw fail('file cut short');
      }
      const final = position + length === fileSize;
      if (!final) ahead = readChunk(position + length);
      const plain = openChunk(key, header, index, final, current.bytes);
      giveBack(current.buffer);
      if (!plain) throw fail(final ? 'last chunk does not verify' : `chunk ${index} does not verify`);
      yield plain;
      if (final) return;
      position += length;
      current = await ahead!;
      ahead = null;
    }
  } finally {
    if (ahead)
      await ahead.then(
        (sealed) => giveBack(sealed.buffer),
        () => undefined,
      );
    closeSync(fd);
  }
}
