// Encryption of single values (ID numbers, names, addresses) stored in SQLite rows, so the database
// file on its own reveals no personal data. Payload: "v1." + base64(nonce 12 | ciphertext | tag 16).
// The optional context (e.g. "individuals.id_number") is authenticated, so a value copied into
// another column or table does not decrypt there.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { FieldDecryptError } from './errors.js';

const PREFIX = 'v1.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class FieldCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new RangeError('Field key must be 32 bytes');
  }

  encrypt(plaintext: string, context = ''): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(aad(context));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64');
  }

  decrypt(payload: string, context = ''): string {
    if (!payload.startsWith(PREFIX)) throw new FieldDecryptError('unknown format');
    const encoded = payload.slice(PREFIX.length);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) throw new FieldDecryptError('not base64');
    const raw = Buffer.from(encoded, 'base64');
    if (raw.length < NONCE_BYTES + TAG_BYTES) throw new FieldDecryptError('too short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, NONCE_BYTES));
    decipher.setAAD(aad(context));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const body = decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES));
    try {
      return Buffer.concat([body, decipher.final()]).toString('utf8');
    } catch {
      throw new FieldDecryptError('does not verify');
    }
  }
}

function aad(context: string): Buffer {
  return Buffer.from(`fica-desk field v1\0${context}`, 'utf8');
}
