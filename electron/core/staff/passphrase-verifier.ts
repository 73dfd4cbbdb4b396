// A local passphrase kept only as a memory-hard verifier (scrypt), never in a form that gives the
// passphrase back: a stolen laptop's database lets an attacker only guess, at scrypt's cost.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { z } from 'zod';

export const PassphraseVerifierSchema = z.object({
  kdf: z.literal('scrypt'),
  N: z.number().int().positive(),
  r: z.number().int().positive(),
  p: z.number().int().positive(),
  salt: z.string(),
  hash: z.string(),
});
export type PassphraseVerifier = z.infer<typeof PassphraseVerifierSchema>;

/** 64 MiB of memory and about a tenth of a second per guess on a branch laptop. */
const COST = { N: 2 ** 16, r: 8, p: 1 } as const;
const HASH_BYTES = 32;

function derive(
  passphrase: string,
  salt: Buffer,
  cost: { N: number; r: number; p: number },
): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFKC'), salt, HASH_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function makeVerifier(passphrase: string): Promise<PassphraseVerifier> {
  const salt = randomBytes(16);
  const hash = await derive(passphrase, salt, COST);
  return { kdf: 'scrypt', ...COST, salt: salt.toString('base64'), hash: hash.toString('base64') };
}

export async function verifyPassphrase(passphrase: string, verifier: PassphraseVerifier): Promise<boolean> {
  const expected = Buffer.from(verifier.hash, 'base64');
  const actual = await derive(passphrase, Buffer.from(verifier.salt, 'base64'), verifier);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
