// The encryption of an exported-work archive, protected by a passphrase the person chooses.
//
//   preamble (40 bytes): "FDXA" | version u8 | scrypt log2(N) u8 | r u8 | p u8 | salt (16) | check (16)
//   body:                the vault's chunked AES-256-GCM format (node-shared/sealed-file: header + sealed chunks)
//                        under a key derived from the passphrase
//
// scrypt turns the passphrase into a master key; HKDF splits it into the data key and a check key.
// The check (an HMAC of the preamble's first 24 bytes) tells a wrong passphrase apart from an
// altered archive before anything is decrypted. Chunk tags, the chunk index and the final flag in
// each chunk's AAD catch any changed, reordered or missing byte of the body.
import { createHmac, hkdfSync, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Transform } from 'node:stream';
import { DecryptStream, type SealedFailure } from '../../../node-shared/sealed-file/decrypt-stream.js';
import { EncryptStream } from '../../../node-shared/sealed-file/encrypt-stream.js';
import { encodeHeader, ID_BYTES, PREFIX_BYTES } from '../../../node-shared/sealed-file/format.js';

const MAGIC = Buffer.from('FDXA', 'ascii');
const VERSION = 1;
export const PREAMBLE_BYTES = 40;
const SALT_BYTES = 16;
const CHECK_BYTES = 16;
const CHUNK_BYTES = 1024 * 1024;
/** 2^15 × 8 × 128 bytes = 32 MiB of memory and about a tenth of a second per derivation. */
const DEFAULT_COST = { logN: 15, r: 8, p: 1 };
/** Bounds on what an archive may ask of the importing laptop. */
const MAX_LOG_N = 20;
const MIN_LOG_N = 14;

/** The archive is not one this code can read, or its passphrase check fails. */
export class ArchivePassphraseError extends Error {
  override readonly name = 'ArchivePassphraseError';
  constructor() {
    super(
      'This passphrase does not open the archive (or the start of the archive was changed). Nothing was imported.',
    );
  }
}

export class ArchiveDamagedError extends Error {
  override readonly name = 'ArchiveDamagedError';
  constructor(reason: string) {
    super(`The archive is damaged or was altered (${reason}). Nothing was imported.`);
  }
}

interface ArchiveKeys {
  dataKey: Buffer;
  checkKey: Buffer;
}

async function deriveKeys(
  passphrase: string,
  salt: Buffer,
  cost: { logN: number; r: number; p: number },
): Promise<ArchiveKeys> {
  const N = 2 ** cost.logN;
  const master = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      32,
      { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
  return { dataKey: derive('fica-desk archive data v1'), checkKey: derive('fica-desk archive check v1') };
}

function checkOf(keys: ArchiveKeys, preambleHead: Buffer): Buffer {
  return createHmac('sha256', keys.checkKey).update(preambleHead).digest().subarray(0, CHECK_BYTES);
}

/** The preamble and a transform that turns plaintext into the archive's body. */
export async function archiveEncryptor(
  passphrase: string,
): Promise<{ preamble: Buffer; encrypt: Transform }> {
  const salt = randomBytes(SALT_BYTES);
  const head = Buffer.alloc(PREAMBLE_BYTES - CHECK_BYTES);
  MAGIC.copy(head, 0);
  head.writeUInt8(VERSION, 4);
  head.writeUInt8(DEFAULT_COST.logN, 5);
  head.writeUInt8(DEFAULT_COST.r, 6);
  head.writeUInt8(DEFAULT_COST.p, 7);
  salt.copy(head, 8);
  const keys = await deriveKeys(passphrase, salt, DEFAULT_COST);
  const preamble = Buffer.concat([head, checkOf(keys, head)]);
  const header = encodeHeader(randomBytes(ID_BYTES), randomBytes(PREFIX_BYTES), CHUNK_BYTES);
  return { preamble, encrypt: new EncryptStream(keys.dataKey, header) };
}

/** Checks the passphrase against the preamble; answers a transform from the body to plaintext. */
export async function archiveDecryptor(passphrase: string, preamble: Buffer): Promise<Transform> {
  if (preamble.length < PREAMBLE_BYTES || !preamble.subarray(0, 4).equals(MAGIC)) {
    throw new ArchiveDamagedError('not a FICA Desk archive');
  }
  if (preamble.readUInt8(4) !== VERSION)
    throw new ArchiveDamagedError(`unknown archive version ${preamble.readUInt8(4)}`);
  const cost = { logN: preamble.readUInt8(5), r: preamble.readUInt8(6), p: preamble.readUInt8(7) };
  if (
    cost.logN < MIN_LOG_N ||
    cost.logN > MAX_LOG_N ||
    cost.r < 1 ||
    cost.r > 32 ||
    cost.p < 1 ||
    cost.p > 4
  ) {
    throw new ArchivePassphraseError();
  }
  const head = preamble.subarray(0, PREAMBLE_BYTES - CHECK_BYTES);
  const keys = await deriveKeys(passphrase, head.subarray(8, 8 + SALT_BYTES), cost);
  if (
    !timingSafeEqual(checkOf(keys, head), preamble.subarray(PREAMBLE_BYTES - CHECK_BYTES, PREAMBLE_BYTES))
  ) {
    throw new ArchivePassphraseError();
  }
  return new DecryptStream(keys.dataKey, archiveFailure);
}

function archiveFailure(why: SealedFailure): Error {
  switch (why.kind) {
    case 'header':
      return new ArchiveDamagedError(why.reason);
    case 'cut-short':
      return new ArchiveDamagedError('cut short');
    case 'chunk':
      return new ArchiveDamagedError(
        why.final ? 'its end does not verify' : `part ${why.index + 1} does not verify`,
      );
  }
}
