// The vault against real files in a temporary directory.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VaultKeyStore } from '../../../electron/core/keychain/vault-key-store.js';
import { VaultFileNotFoundError, VaultIntegrityError } from '../../../electron/core/vault/errors.js';
import { DEFAULT_CHUNK_BYTES } from '../../../node-shared/sealed-file/format.js';
import { SealedRangeReader } from '../../../node-shared/sealed-file/sealed-range-reader.js';
import { storedSize, Vault } from '../../../electron/core/vault/vault.js';
import { memorySecretStores } from '../../support/memory-secret-store.js';

let root: string;
let vault: Vault;
const keyStore = new VaultKeyStore(memorySecretStores());

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fica-vault-'));
  vault = await Vault.open({ dir: join(root, 'vault'), keyStore });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const pathOf = (id: string) => join(vault.dir, `${id}.fdv`);

describe('vault round trip', () => {
  const sizes = {
    empty: 0,
    'one byte': 1,
    'exactly one chunk': DEFAULT_CHUNK_BYTES,
    'one chunk and a byte': DEFAULT_CHUNK_BYTES + 1,
    '5 MB': 5 * 1024 * 1024 + 123,
  };
  for (const [label, size] of Object.entries(sizes)) {
    it(`stores and streams back ${label}`, async () => {
      const plain = randomBytes(size);
      const entry = await vault.importFile(plain);
      expect(entry).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), size, sha256: sha256(plain) });
      expect((await stat(pathOf(entry.id))).size).toBe(storedSize(size));
      expect((await vault.readAll(entry.id)).equals(plain)).toBe(true);
    });
  }

  it('imports from a path and from a stream of odd-sized pieces', async () => {
    const plain = randomBytes(200_000);
    const source = join(root, 'scan.pdf');
    await writeFile(source, plain);
    const fromPath = await vault.importFile(source);
    const pieces = [plain.subarray(0, 7), plain.subarray(7, 150_001), plain.subarray(150_001)];
    const fromStream = await vault.importFile(Readable.from(pieces));
    expect(fromPath.sha256).toBe(sha256(plain));
    expect(fromStream.sha256).toBe(sha256(plain));
    expect(fromPath.id).not.toBe(fromStream.id);
    expect((await vault.readAll(fromStream.id)).equals(plain)).toBe(true);
  });

  it('accepts writes through writeStream', async () => {
    const { stream, done } = vault.writeStream();
    stream.write('hello ');
    stream.end('vault');
    const entry = await done;
    expect((await vault.readAll(entry.id)).toString()).toBe('hello vault');
  });

  it('leaves nothing behind when the source fails mid-way', async () => {
    const before = await readdir(vault.dir);
    const failing = new Readable({
      read() {
        this.push(randomBytes(100_000));
        this.destroy(new Error('scanner unplugged'));
      },
    });
    await expect(vault.importFile(failing)).rejects.toThrow('scanner unplugged');
    expect(await readdir(vault.dir)).toEqual(before);
  });

  it('reopens with the same key from the keychain and reads earlier files', async () => {
    const entry = await vault.importFile(Buffer.from('kept across restarts'));
    const reopened = await Vault.open({ dir: vault.dir, keyStore });
    expect((await reopened.readAll(entry.id)).toString()).toBe('kept across restarts');
    expect(reopened.decryptField(vault.encryptField('8001015009087'))).toBe('8001015009087');
  });
});

describe('vault chunk boundaries', () => {
  it('round-trips any size fed in any pieces (1 KiB chunks)', async () => {
    const small = await Vault.open({ dir: join(root, 'small-chunks'), keyStore, chunkBytes: 1024 });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 5000 }),
        fc.array(fc.integer({ min: 1, max: 3000 }), { maxLength: 6 }),
        async (size, cuts) => {
          const plain = randomBytes(size);
          const pieces: Buffer[] = [];
          let at = 0;
          for (const cut of cuts) {
            if (at >= size) break;
            pieces.push(plain.subarray(at, Math.min(size, at + cut)));
            at += cut;
          }
          if (at < size) pieces.push(plain.subarray(at));
          const entry = await small.importFile(Readable.from(pieces));
          expect(entry.size).toBe(size);
          expect((await stat(join(small.dir, `${entry.id}.fdv`))).size).toBe(storedSize(size, 1024));
          expect((await small.readAll(entry.id)).equals(plain)).toBe(true);
          await small.remove(entry.id);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('vault files from bytes in memory', () => {
  it('are the files a stream of the same bytes makes, whatever their size (1 KiB chunks)', async () => {
    const small = await Vault.open({ dir: join(root, 'small-chunks-bytes'), keyStore, chunkBytes: 1024 });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 64 }),
        async (size, skip) => {
          // A view into a larger buffer, as the bytes of a picked file arrive.
          const plain = randomBytes(size + skip).subarray(skip);
          const fromBytes = await small.importFile(plain);
          const fromStream = await small.importFile(Readable.from([Buffer.from(plain)]));
          expect(fromBytes).toEqual({
            id: expect.stringMatching(/^[0-9a-f]{32}$/),
            size,
            sha256: sha256(plain),
          });
          expect(fromBytes.sha256).toBe(fromStream.sha256);
          const stored = join(small.dir, `${fromBytes.id}.fdv`);
          expect((await stat(stored)).size).toBe(storedSize(size, 1024));
          expect((await stat(stored)).size).toBe((await stat(join(small.dir, `${fromStream.id}.fdv`))).size);
          expect((await small.readAll(fromBytes.id)).equals(plain)).toBe(true);
          await small.purge([fromBytes.id, fromStream.id]);
        },
      ),
      { numRuns: 60 },
    );
    expect((await readdir(small.dir)).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });
});

describe('vault ranges for the capture worker', () => {
  it('gives any byte range of a file, opening only the chunks it spans (1 KiB chunks)', async () => {
    const small = await Vault.open({ dir: join(root, 'range-chunks'), keyStore, chunkBytes: 1024 });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5000 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 5 }),
        async (size, ranges) => {
          const plain = randomBytes(size);
          const entry = await small.importFile(plain);
          const reader = await SealedRangeReader.open(small.sealedFile(entry.id));
          try {
            expect(reader.size).toBe(size);
            for (const [a, b] of ranges) {
              const begin = a % size;
              const end = begin + (b % (size - begin + 1));
              expect((await reader.read(begin, end)).equals(plain.subarray(begin, end))).toBe(true);
            }
          } finally {
            await reader.close();
            await small.remove(entry.id);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a range from a chunk that does not verify, and another file under the id', async () => {
    const { id } = await vault.importFile(randomBytes(2 * DEFAULT_CHUNK_BYTES + 10));
    const bytes = await readFile(pathOf(id));
    const at = 36 + DEFAULT_CHUNK_BYTES + 16 + 5;
    bytes[at] = bytes[at]! ^ 0x01;
    await writeFile(pathOf(id), bytes);
    const reader = await SealedRangeReader.open(vault.sealedFile(id));
    try {
      expect((await reader.read(0, 100)).length).toBe(100);
      await expect(reader.read(DEFAULT_CHUNK_BYTES + 1, DEFAULT_CHUNK_BYTES + 50)).rejects.toThrow(
        /chunk 1 does not verify/,
      );
    } finally {
      await reader.close();
    }
    const other = await vault.importFile(randomBytes(10));
    await writeFile(pathOf(other.id), await readFile(pathOf(id)));
    await expect(SealedRangeReader.open(vault.sealedFile(other.id))).rejects.toThrow(/another file/);
  });
});

describe('vault at rest', () => {
  it('does not store the plaintext or the user file name', async () => {
    const marker = 'MARKER-ID-8001015009087-THANDI';
    const plain = Buffer.from(`${'x'.repeat(70_000)}${marker}${'y'.repeat(1000)}${marker}`);
    const entry = await vault.importFile(plain);
    const onDisk = await readFile(pathOf(entry.id));
    expect(onDisk.includes(marker)).toBe(false);
    expect(onDisk.includes('xxxxxxxxxxxxxxxx')).toBe(false);
    for (const name of await readdir(vault.dir)) expect(name).toMatch(/^[0-9a-f]{32}\.fdv$/);
  });
});

describe('vault files of another chunk size', () => {
  it('reads files written with 64 KiB chunks (the first format default) after the default changed', async () => {
    const dir = join(root, 'mixed-chunks');
    const older = await Vault.open({ dir, keyStore, chunkBytes: 64 * 1024 });
    const plain = randomBytes(3 * 64 * 1024 + 123);
    const { id } = await older.importFile(plain);
    const current = await Vault.open({ dir, keyStore });
    expect(DEFAULT_CHUNK_BYTES).not.toBe(64 * 1024);
    expect((await current.readAll(id)).equals(plain)).toBe(true);
    // And the other way round.
    const fresh = await current.importFile(plain);
    expect((await older.readAll(fresh.id)).equals(plain)).toBe(true);
  });
});

describe('vault tamper detection', () => {
  async function readError(id: string): Promise<unknown> {
    try {
      await vault.readAll(id);
    } catch (error) {
      return error;
    }
    return null;
  }

  it('fails on a flipped byte in the header, a chunk or a tag', async () => {
    const plain = randomBytes(3 * DEFAULT_CHUNK_BYTES);
    for (const offset of [20, 36 + 10, 36 + DEFAULT_CHUNK_BYTES + 5, 36 + 3 * DEFAULT_CHUNK_BYTES + 47]) {
      const { id } = await vault.importFile(plain);
      const bytes = await readFile(pathOf(id));
      bytes[offset] = (bytes[offset] ?? 0) ^ 0x01;
      await writeFile(pathOf(id), bytes);
      expect(await readError(id)).toBeInstanceOf(VaultIntegrityError);
    }
  });

  it('fails on a file truncated at a chunk boundary or mid-chunk, and on a swapped file', async () => {
    const plain = randomBytes(3 * DEFAULT_CHUNK_BYTES + 10);
    const sealed = DEFAULT_CHUNK_BYTES + 16;
    for (const length of [36 + 2 * sealed, 36 + sealed + 100, 36 + 5, 0]) {
      const { id } = await vault.importFile(plain);
      await truncate(pathOf(id), length);
      expect(await readError(id)).toBeInstanceOf(VaultIntegrityError);
    }
    const a = await vault.importFile(Buffer.from('document a'));
    const b = await vault.importFile(Buffer.from('document b'));
    await writeFile(pathOf(a.id), await readFile(pathOf(b.id)));
    expect(await readError(a.id)).toBeInstanceOf(VaultIntegrityError);
  });

  it('does not release the bytes of a chunk that fails', async () => {
    const plain = randomBytes(2 * DEFAULT_CHUNK_BYTES + 1);
    const { id } = await vault.importFile(plain);
    const bytes = await readFile(pathOf(id));
    const secondChunk = 36 + DEFAULT_CHUNK_BYTES + 16 + 3;
    bytes[secondChunk] = (bytes[secondChunk] ?? 0) ^ 0x80;
    await writeFile(pathOf(id), bytes);
    const received: Buffer[] = [];
    await expect(
      (async () => {
        for await (const part of vault.createReadStream(id)) received.push(part as Buffer);
      })(),
    ).rejects.toBeInstanceOf(VaultIntegrityError);
    expect(Buffer.concat(received).equals(plain.subarray(0, DEFAULT_CHUNK_BYTES))).toBe(true);
  });

  it('closes the file when the reader stops early, with the next chunk still being read', async () => {
    const plain = randomBytes(3 * DEFAULT_CHUNK_BYTES);
    const { id } = await vault.importFile(plain);
    const openFiles = async () => (await readdir('/proc/self/fd')).length;
    const before = await openFiles();
    for (let round = 0; round < 5; round++) {
      for await (const part of vault.chunks(id)) {
        expect(part.equals(plain.subarray(0, DEFAULT_CHUNK_BYTES))).toBe(true);
        break;
      }
    }
    expect(await openFiles()).toBe(before);
  });

  it('reports a missing file and refuses ids that are not vault ids', async () => {
    const missing = 'f'.repeat(32);
    await expect(vault.readAll(missing)).rejects.toBeInstanceOf(VaultFileNotFoundError);
    expect(() => vault.createReadStream('../etc/passwd')).toThrow(RangeError);
    expect(await vault.has('../etc/passwd')).toBe(false);
  });
});

describe('vault removal', () => {
  it('remove and purge delete the files and report what existed', async () => {
    const entries = await Promise.all([1, 2, 3].map((n) => vault.importFile(Buffer.from(`doc ${n}`))));
    const [first, ...rest] = entries.map((e) => e.id);
    expect(await vault.has(first ?? '')).toBe(true);
    expect(await vault.remove(first ?? '')).toBe(true);
    expect(await vault.remove(first ?? '')).toBe(false);
    expect(await vault.purge([...rest, 'a'.repeat(32)])).toBe(2);
    for (const id of entries.map((e) => e.id)) expect(await vault.has(id)).toBe(false);
    expect(await vault.list()).not.toContain(first);
  });
});
