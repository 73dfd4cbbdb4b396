// Uploaded files on disk under generated names; the uploaded name never reaches the file system.
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

export class FileStore {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'files');
    mkdirSync(this.dir, { recursive: true });
  }

  /** A new generated name and a write stream to it. */
  create(): { storedName: string; stream: WriteStream } {
    const storedName = `${randomBytes(16).toString('hex')}.bin`;
    return { storedName, stream: createWriteStream(this.path(storedName), { flags: 'wx' }) };
  }

  read(storedName: string): Promise<Buffer> {
    return readFile(this.path(storedName));
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
