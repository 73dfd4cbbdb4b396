// The archive's encryption on its own: any plaintext, fed in any pieces, comes back whole with the
// passphrase; a wrong passphrase is told apart from damage; any changed, missing or added byte of the
// body is refused.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  archiveDecryptor,
  archiveEncryptor,
  ArchiveDamagedError,
  ArchivePassphraseError,
  PREAMBLE_BYTES,
} from '../../../electron/core/transfer/archive-crypto.js';

const PASS = 'a passphrase of some length';

async function seal(plain: Buffer, pieces: number[]): Promise<Buffer> {
  const { preamble, encrypt } = await archiveEncryptor(PASS);
  const parts: Buffer[] = [preamble];
  await pipeline(Readable.from(split(plain, pieces)), encrypt, sink(parts));
  return Buffer.concat(parts);
}

async function open(archive: Buffer, passphrase = PASS): Promise<Buffer> {
  const decrypt = await archiveDecryptor(passphrase, archive.subarray(0, PREAMBLE_BYTES));
  const parts: Buffer[] = [];
  await pipeline(
    Readable.from(split(archive.subarray(PREAMBLE_BYTES), [7, 70_000, 1])),
    decrypt,
    sink(parts),
  );
  return Buffer.concat(parts);
}

function split(data: Buffer, sizes: number[]): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  for (let i = 0; at < data.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length]!);
    out.push(data.subarray(at, at + size));
    at += size;
  }
  return out;
}

function sink(parts: Buffer[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      parts.push(chunk);
      callback();
    },
  });
}

const MIB = 1024 * 1024;

describe('archive encryption', () => {
  it('round-trips any plaintext fed in any pieces, across chunk boundaries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0, 1, 100, MIB - 1, MIB, MIB + 1, 2 * MIB + 17),
        fc.array(fc.integer({ min: 1, max: 300_000 }), { minLength: 1, maxLength: 4 }),
        async (size, pieces) => {
          const plain = Buffer.alloc(size, size % 251);
          expect((await open(await seal(plain, pieces))).equals(plain)).toBe(true);
        },
      ),
      { numRuns: 8 },
    );
  }, 180_000);

  it('refuses a wrong passphrase as such', async () => {
    const archive = await seal(Buffer.from('work'), [4]);
    await expect(open(archive, 'another passphrase entirely')).rejects.toBeInstanceOf(ArchivePassphraseError);
  }, 60_000);

  it('refuses any flipped, missing or extra byte of the body as damage', async () => {
    const archive = await seal(Buffer.alloc(MIB + 500, 3), [65_536]);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: PREAMBLE_BYTES, max: archive.length - 1 }), async (at) => {
        const flipped = Buffer.from(archive);
        flipped[at] = flipped[at]! ^ 0x80;
        await expect(open(flipped)).rejects.toBeInstanceOf(ArchiveDamagedError);
      }),
      { numRuns: 6 },
    );
    await expect(open(archive.subarray(0, archive.length - 1))).rejects.toBeInstanceOf(ArchiveDamagedError);
    await expect(open(archive.subarray(0, PREAMBLE_BYTES + 36 + MIB + 16))).rejects.toBeInstanceOf(
      ArchiveDamagedError,
    );
    await expect(open(Buffer.concat([archive, Buffer.from([0])]))).rejects.toBeInstanceOf(
      ArchiveDamagedError,
    );
  }, 180_000);
});
