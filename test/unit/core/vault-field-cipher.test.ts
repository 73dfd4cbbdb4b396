import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FieldDecryptError } from '../../../electron/core/vault/errors.js';
import { FieldCipher } from '../../../electron/core/vault/field-cipher.js';
import { deriveVaultKeys } from '../../../electron/core/vault/keys.js';

const cipher = new FieldCipher(deriveVaultKeys(randomBytes(32)).fieldKey);

describe('FieldCipher', () => {
  it('round-trips any string, with a versioned base64 payload that does not contain it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const payload = cipher.encrypt(text);
        expect(payload).toMatch(/^v1\.[A-Za-z0-9+/]+=*$/);
        expect(cipher.decrypt(payload)).toBe(text);
      }),
    );
    expect(cipher.encrypt('8001015009087')).not.toContain('8001015009087');
  });

  it('uses a fresh nonce each time', () => {
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'));
  });

  it('refuses a tampered payload, another key, another context and foreign formats', () => {
    const payload = cipher.encrypt('Thandi Nkosi', 'individuals.name');
    const raw = Buffer.from(payload.slice(3), 'base64');
    raw[14] = (raw[14] ?? 0) ^ 1;
    const tampered = `v1.${raw.toString('base64')}`;
    expect(() => cipher.decrypt(tampered, 'individuals.name')).toThrow(FieldDecryptError);
    expect(() => cipher.decrypt(payload, 'individuals.address')).toThrow(FieldDecryptError);
    expect(() => new FieldCipher(randomBytes(32)).decrypt(payload, 'individuals.name')).toThrow(
      FieldDecryptError,
    );
    for (const bad of ['', 'plain text', 'v2.AAAA', 'v1.***', 'v1.AAAA'])
      expect(() => cipher.decrypt(bad)).toThrow(FieldDecryptError);
    expect(cipher.decrypt(payload, 'individuals.name')).toBe('Thandi Nkosi');
  });

  it('derives distinct file and field keys from the vault key', () => {
    const keys = deriveVaultKeys(randomBytes(32));
    expect(keys.fileKey.equals(keys.fieldKey)).toBe(false);
    expect(() => deriveVaultKeys(randomBytes(16))).toThrow(RangeError);
  });
});
