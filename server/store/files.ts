// Uploaded files on disk under generated names; the uploaded name never reaches the file system.
// With an at-rest key (the desktop's embedded training sandbox) each file is sealed in the vault's
// format as it is written, so names and ID documents are never on disk in plain bytes.
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { EncryptStream } from '../../node-shared/sealed-file/encrypt-stream.js';
import { encodeHeader, ID_BYTES, PREFIX_BYTES } from '../../node-shared/sealed-file/format.js';
import { openSealedBuffer } from '../../node-shared/sealed-file/sealed-buffer.js';
import { sealedDataError } from './sealed-data-error.js';

export class FileStore {
  private readonly dir: string;

  constructor(
    dataDir: string,
    private readonly atRestKey: Buffer | null = null,
  ) {
    this.dir = join(dataDir, 'files');
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  /** A new generated name and a write stream to it; 'close' means the bytes are on disk. */
  create(): { storedName: string; stream: Writable } {
    const storedName = `${randomBytes(16).toString('hex')}.bin`;
    const file = createWriteStream(this.path(storedName), { flags: 'wx', mode: 0o600 });
    return { storedName, stream: this.atRestKey ? new SealingWriter(this.atRestKey, file) : file };
  }

  async read(storedName: string): Promise<Buffer> {
    const bytes = await readFile(this.path(storedName));
    return this.atRestKey ? openSealedBuffer(this.atRestKey, bytes, sealedDataError) : bytes;
  }

  async remove(storedName: string): Promise<void> {
    await rm(this.path(storedName), { force: true });
  }

  private path(storedName: string): string {
    // Only names this class generated are accepted, so no stored value can point elsewhere.
    if (!/^[0-9a-f]{32}\.bin$/.test(storedName)) throw new Error('Not a generated file name');
    return join(this.dir, storedName);
  }
}

/** Plaintext in; sealed bytes to the file. Finishes (and closes) only once the file is closed. */
class SealingWriter extends Writable {
  private readonly seal: EncryptStream;

  constructor(
    key: Buffer,
    private readonly file: Writable,
  ) {
    super();
    this.seal = new EncryptStream(key, encodeHeader(randomBytes(ID_BYTES), randomBytes(PREFIX_BYTES)));
    this.seal.pipe(file);
    const fail = (error: Error) => this.destroy(error);
    this.seal.on('error', fail);
    file.on('error', fail);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.seal.write(chunk)) callback();
    else this.seal.once('drain', () => callback());
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.file.once('close', () => callback());
    this.seal.end();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.seal.destroy();
    this.file.destroy();
    callback(error);
  }
}
