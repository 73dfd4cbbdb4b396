// The vault: captured documents encrypted at rest under generated names, streamed in and out so a
// 40 MB scan never has to sit in memory whole.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EncryptStream } from '../../../node-shared/sealed-file/encrypt-stream.js';
import type { SealedFileRef } from '../../../node-shared/sealed-file/sealed-range-reader.js';
import { vaultChunks } from './vault-chunks.js';
import { FieldCipher } from './field-cipher.js';
import {
  DEFAULT_CHUNK_BYTES,
  encodeHeader,
  HEADER_BYTES,
  ID_BYTES,
  PREFIX_BYTES,
  sealChunk,
  TAG_BYTES,
} from '../../../node-shared/sealed-file/format.js';
import { deriveVaultKeys } from './keys.js';

/** Where the vault key comes from; in production a VaultKeyStore over the OS keychain. */
export interface VaultKeySource {
  getOrCreate(): Promise<Buffer>;
}

export interface VaultOptions {
  dir: string;
  keyStore: VaultKeySource;
  /** Chunk size of new files (tests use small ones to hit many boundaries); each file records its own. */
  chunkBytes?: number;
}

/** What capture records about a stored file: its vault id and the plaintext's size and digest. */
export interface VaultEntry {
  id: string;
  size: number;
  sha256: string;
}

export type VaultSource = string | Readable | Uint8Array;

const EXTENSION = '.fdv';
const ID_PATTERN = /^[0-9a-f]{32}$/;
/** readAll is for small files (thumbnails, one-page scans); bigger ones must be streamed. */
const DEFAULT_READ_ALL_LIMIT = 64 * 1024 * 1024;
/**
 * Bytes already in memory are sealed and written this many chunks at a time (4 MiB): a 12 MP photo
 * is stored in three writes and a sync, rather than a stream's turns per chunk, and what is held
 * beyond the caller's bytes stays at one batch.
 */
const CHUNKS_PER_WRITE = 4;

export class Vault {
  readonly fields: FieldCipher;

  private constructor(
    readonly dir: string,
    private readonly fileKey: Buffer,
    fieldKey: Buffer,
    private readonly chunkBytes: number,
  ) {
    this.fields = new FieldCipher(fieldKey);
  }

  static async open({ dir, keyStore, chunkBytes = DEFAULT_CHUNK_BYTES }: VaultOptions): Promise<Vault> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const keys = deriveVaultKeys(await keyStore.getOrCreate());
    const vault = new Vault(dir, keys.fileKey, keys.fieldKey, chunkBytes);
    await vault.removeUnfinished();
    return vault;
  }

  /**
   * A writable for plaintext; `done` resolves once the file is durable under its id. Destroying
   * the writable (or a write error) rejects `done` and leaves nothing behind.
   */
  writeStream(): { stream: Writable; done: Promise<VaultEntry> } {
    const input = new PassThrough();
    return { stream: input, done: this.store(input) };
  }

  async importFile(source: VaultSource): Promise<VaultEntry> {
    if (source instanceof Uint8Array) return this.storeBytes(source);
    return this.store(toReadable(source));
  }

  /**
   * Plaintext of a stored file, verified chunk by chunk, the next chunk read while the current one
   * is consumed (for sending); damage ends the iteration with an error.
   */
  chunks(id: string): AsyncGenerator<Buffer, void> {
    return vaultChunks(this.fileKey, checkId(id), this.pathOf(id));
  }

  /** chunks() as a stream; damage surfaces as a stream error. */
  createReadStream(id: string): Readable {
    return Readable.from(this.chunks(id), { objectMode: false });
  }

  async readAll(id: string, maxBytes = DEFAULT_READ_ALL_LIMIT): Promise<Buffer> {
    const parts: Buffer[] = [];
    let total = 0;
    for await (const part of this.chunks(id)) {
      total += part.length;
      if (total > maxBytes)
        throw new RangeError(`Vault file ${id} is larger than ${maxBytes} bytes; stream it`);
      parts.push(part);
    }
    return Buffer.concat(parts);
  }

  /**
   * Where a stored file is and the key that opens it, for the capture worker thread of this
   * process, which reads ranges of a PDF without the whole file (SealedRangeReader).
   */
  sealedFile(id: string): SealedFileRef {
    return { id: checkId(id), path: this.pathOf(id), key: new Uint8Array(this.fileKey) };
  }

  async has(id: string): Promise<boolean> {
    if (!ID_PATTERN.test(id)) return false;
    try {
      return (await stat(this.pathOf(id))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** True when the file existed. */
  async remove(id: string): Promise<boolean> {
    try {
      await unlink(this.pathOf(checkId(id)));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** Removes every listed file (retention, discarded cases); returns how many existed. */
  async purge(ids: Iterable<string>): Promise<number> {
    let removed = 0;
    for (const id of ids) if (await this.remove(id)) removed++;
    return removed;
  }

  /** Ids of all stored files, for reconciling against the database (orphans after a crash). */
  async list(): Promise<string[]> {
    const names = await readdir(this.dir);
    return names
      .filter((name) => name.endsWith(EXTENSION))
      .map((name) => name.slice(0, -EXTENSION.length))
      .filter((id) => ID_PATTERN.test(id));
  }

  encryptField(plaintext: string, context?: string): string {
    return this.fields.encrypt(plaintext, context);
  }

  decryptField(payload: string, context?: string): string {
    return this.fields.decrypt(payload, context);
  }

  private async store(source: Readable): Promise<VaultEntry> {
    const idBytes = randomBytes(ID_BYTES);
    const id = idBytes.toString('hex');
    const header = encodeHeader(idBytes, randomBytes(PREFIX_BYTES), this.chunkBytes);
    const encrypt = new EncryptStream(this.fileKey, header);
    const partial = this.partialPathOf(id);
    try {
      // flush: fsync before close, so the rename below never publishes a file whose bytes a power
      // cut could still lose.
      await pipeline(source, encrypt, createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true }));
      await rename(partial, this.pathOf(id));
    } catch (error) {
      await unlink(partial).catch(() => undefined);
      throw error;
    }
    return { id, size: encrypt.size, sha256: encrypt.digest() };
  }

  /**
   * store() for bytes in memory: the same file, sealed chunk by chunk and written a batch at a time,
   * each batch sealed while the one before is written (and the first while the file is opened). A
   * page captured at the counter is stored in a few short turns of the event loop, so the next page
   * waits for the disk rather than for the turns other work takes in between.
   */
  private async storeBytes(bytes: Uint8Array): Promise<VaultEntry> {
    const plain = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const idBytes = randomBytes(ID_BYTES);
    const id = idBytes.toString('hex');
    const header = encodeHeader(idBytes, randomBytes(PREFIX_BYTES), this.chunkBytes);
    const hash = createHash('sha256');
    const chunks = Math.max(1, Math.ceil(plain.length / this.chunkBytes));
    const partial = this.partialPathOf(id);
    const opened = open(partial, 'wx', 0o600);
    let writing: Promise<unknown> = opened;
    try {
      for (let first = 0; first < chunks; first += CHUNKS_PER_WRITE) {
        const parts: Buffer[] = first === 0 ? [header.bytes] : [];
        for (let index = first; index < Math.min(chunks, first + CHUNKS_PER_WRITE); index++) {
          const piece = plain.subarray(index * this.chunkBytes, (index + 1) * this.chunkBytes);
          hash.update(piece);
          // Always one final chunk, even empty, as EncryptStream seals it.
          const { body, tag } = sealChunk(this.fileKey, header, index, index === chunks - 1, piece);
          parts.push(body, tag);
        }
        const file = await opened;
        await writing;
        writing = writeAll(file, parts);
      }
      await writing;
      const file = await opened;
      // Durable before the rename publishes it, as store() flushes.
      await file.sync();
      await file.close();
      await rename(partial, this.pathOf(id));
    } catch (error) {
      await writing.catch(() => undefined);
      await opened.then((file) => file.close()).catch(() => undefined);
      await unlink(partial).catch(() => undefined);
      throw error;
    }
    return { id, size: plain.length, sha256: hash.digest('hex') };
  }

  private async removeUnfinished(): Promise<void> {
    for (const name of await readdir(this.dir)) {
      if (name.endsWith(`${EXTENSION}.partial`)) await unlink(join(this.dir, name)).catch(() => undefined);
    }
  }

  private pathOf(id: string): string {
    return join(this.dir, `${id}${EXTENSION}`);
  }

  private partialPathOf(id: string): string {
    return `${this.pathOf(id)}.partial`;
  }
}

/** Size on disk of a stored file of `plainSize` bytes (header + chunks + one tag per chunk). */
export function storedSize(plainSize: number, chunkBytes = DEFAULT_CHUNK_BYTES): number {
  const chunks = Math.max(1, Math.ceil(plainSize / chunkBytes));
  return HEADER_BYTES + plainSize + chunks * TAG_BYTES;
}

function toReadable(source: string | Readable): Readable {
  return typeof source === 'string' ? createReadStream(source) : source;
}

/** Writes every byte of `parts`, however few a call takes. */
async function writeAll(file: FileHandle, parts: Buffer[]): Promise<void> {
  const rest = parts;
  while (rest.length > 0) {
    let { bytesWritten } = await file.writev(rest);
    while (rest.length > 0 && bytesWritten >= rest[0]!.length) bytesWritten -= rest.shift()!.length;
    if (bytesWritten > 0) rest[0] = rest[0]!.subarray(bytesWritten);
  }
}

function checkId(id: string): string {
  // Ids are generated here; anything else (a path, "..") is refused before touching the disk.
  if (!ID_PATTERN.test(id)) throw new RangeError(`Not a vault id: ${JSON.stringify(id)}`);
  return id;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
