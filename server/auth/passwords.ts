// Staff sign-in passwords: kept only as scrypt hashes (random salt, constant-time comparison), and
// generated readable (three groups of four letters and digits, no look-alikes) for new accounts.
import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

type Cost = Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>>;

/** For a password a person chose: Node's default cost, about 0.1 s per hash, on the thread pool. */
const CHOSEN_COST: Cost = { N: 16384, r: 8, p: 1 };
/**
 * For a generated password: its 59 random bits already make guessing hopeless, so a quarter of
 * the cost is enough, and every new partner (three accounts) and sandbox start stays quick.
 */
const GENERATED_COST: Cost = { N: 4096, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Letters and digits that cannot be misread for one another (no 0/o, 1/l/i). */
const READABLE = 'abcdefghjkmnpqrstuvwxyz23456789';

function derive(password: string, salt: Buffer, cost: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { ...cost, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64url: each hash carries its own cost. */
export async function hashPassword(
  password: string,
  origin: 'chosen' | 'generated' = 'chosen',
): Promise<string> {
  const cost = origin === 'generated' ? GENERATED_COST : CHOSEN_COST;
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  // A damaged hash (a cost scrypt refuses) matches nothing rather than failing the sign-in page.
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  }).catch(() => null);
  return actual !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** 12 characters of 31, about 59 bits, e.g. `k7pm-x3qa-2hvn`. */
export function generatePassword(): string {
  const group = (): string => Array.from({ length: 4 }, () => READABLE[randomInt(READABLE.length)]).join('');
  return [group(), group(), group()].join('-');
}
