// One data key per case, kept in `case_keys` wrapped (encrypted) by the vault's field key. Every
// personal value of a case (title, details, people, filenames, drafts, audit details) is sealed with
// it, so the retention purge makes all of them unreadable at once by deleting one row
// (crypto-shredding), including in the append-only audit log whose rows can never be removed.
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { FieldCipher } from './field-cipher.js';

type Db = Database.Database;

/** The vault key's field encryption, which wraps the case keys. */
export interface KeyWrapper {
  encryptField(plaintext: string, context?: string): string;
  decryptField(payload: string, context?: string): string;
}

const KEY_BYTES = 32;

export class CaseKeys {
  private readonly ciphers = new Map<string, FieldCipher>();

  constructor(
    private readonly db: Db,
    private readonly wrapper: KeyWrapper,
  ) {}

  /** The case's cipher, creating its key on first use (a new case). */
  forCase(caseId: string): FieldCipher {
    const existing = this.existing(caseId);
    if (existing) return existing;
    const key = randomBytes(KEY_BYTES);
    this.db
      .prepare('INSERT INTO case_keys (case_id, wrapped) VALUES (?, ?)')
      .run(caseId, this.wrapper.encryptField(key.toString('base64'), wrapContext(caseId)));
    const cipher = new FieldCipher(key);
    this.ciphers.set(caseId, cipher);
    return cipher;
  }

  /** The case's cipher, or null once the purge has destroyed its key. */
  existing(caseId: string): FieldCipher | null {
    const cached = this.ciphers.get(caseId);
    if (cached) return cached;
    const row = this.db.prepare('SELECT wrapped FROM case_keys WHERE case_id = ?').get(caseId) as
      { wrapped: string } | undefined;
    if (!row) return null;
    const cipher = new FieldCipher(
      Buffer.from(this.wrapper.decryptField(row.wrapped, wrapContext(caseId)), 'base64'),
    );
    this.ciphers.set(caseId, cipher);
    return cipher;
  }

  /** Destroys the key: everything sealed with it becomes unreadable for good. */
  destroy(caseId: string): void {
    this.ciphers.delete(caseId);
    this.db.prepare('DELETE FROM case_keys WHERE case_id = ?').run(caseId);
  }
}

function wrapContext(caseId: string): string {
  return `case_keys.wrapped:${caseId}`;
}
