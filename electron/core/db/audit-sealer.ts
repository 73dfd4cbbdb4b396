// Encryption of audit details. An entry about a case is sealed with that case's key, so the
// retention purge (which destroys the key) makes the names in it unreadable while the row itself
// (who, what, when) stays, as the append-only log requires. Entries about no case, or about a case
// whose key is already destroyed, are sealed with the vault key. Stored as
// {"sealed": "<FieldCipher payload>", "key": "case" | "vault"}.
import { z } from 'zod';
import type { KeyWrapper } from './migration.js';

/** A case's cipher (CaseKeys); `existing` is null once the purge has destroyed the case's key. */
export interface CaseCipherSource {
  existing(caseId: string): {
    encrypt(plaintext: string, context?: string): string;
    decrypt(payload: string, context?: string): string;
  } | null;
}

const SealedSchema = z.object({ sealed: z.string(), key: z.enum(['case', 'vault']) });

/** What a reader gets for an entry whose case key the purge destroyed. */
export const REMOVED_DETAIL = { removed: true } as const;

export class AuditSealer {
  constructor(
    private readonly vault: KeyWrapper,
    private readonly cases: CaseCipherSource,
  ) {}

  seal(detailJson: string, caseId: string | null): string {
    const caseCipher = caseId === null ? null : this.cases.existing(caseId);
    if (caseCipher && caseId !== null) {
      return JSON.stringify({ sealed: caseCipher.encrypt(detailJson, contextOf(caseId)), key: 'case' });
    }
    return JSON.stringify({ sealed: this.vault.encryptField(detailJson, contextOf(caseId)), key: 'vault' });
  }

  /** The detail's JSON text; REMOVED_DETAIL's when its case key is gone; plain text is passed through. */
  open(stored: string, caseId: string | null): string {
    const parsed = SealedSchema.safeParse(JSON.parse(stored));
    if (!parsed.success) return stored;
    const { sealed, key } = parsed.data;
    if (key === 'vault') return this.vault.decryptField(sealed, contextOf(caseId));
    const caseCipher = caseId === null ? null : this.cases.existing(caseId);
    return caseCipher ? caseCipher.decrypt(sealed, contextOf(caseId)) : JSON.stringify(REMOVED_DETAIL);
  }
}

function contextOf(caseId: string | null): string {
  return caseId === null ? 'audit_log.detail' : `audit_log.detail:${caseId}`;
}
