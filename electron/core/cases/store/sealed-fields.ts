// The personal data of a case's rows, encrypted per row under the case's own key (vault/case-keys.ts),
// and the decrypted values kept while their ciphertext is unchanged. One instance serves every store
// of a connection, so a destroyed key's values are all dropped at once.
import type { z } from 'zod';

/** Encryption of single values with one case's key; a FieldCipher in production. */
export interface CaseCipher {
  encrypt(plaintext: string, context?: string): string;
  decrypt(payload: string, context?: string): string;
}

/** The case keys (CaseKeys): `forCase` creates a missing key, `existing` is null once destroyed. */
export interface CaseCiphers {
  forCase(caseId: string): CaseCipher;
  existing(caseId: string): CaseCipher | null;
}

/** A row of a case whose key was destroyed by the purge: its personal data is gone for good. */
export class CaseDataDestroyedError extends Error {
  override readonly name = 'CaseDataDestroyedError';
  constructor(readonly caseId: string) {
    super('The personal data of this case was removed from this computer after the retention period.');
  }
}

/**
 * A deep copy of a value parsed from JSON (objects, arrays and primitives only): several times
 * quicker than structuredClone for the small records the queue reads a few times per job.
 */
function copyJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = copyJson((value as Record<string, unknown>)[key]);
  return out;
}

export class SealedFields {
  constructor(private readonly keys: CaseCiphers) {}

  seal(caseId: string, value: unknown, context: string): string {
    return this.keys.forCase(caseId).encrypt(JSON.stringify(value), context);
  }

  /** A text sealed as it is (a title, a file name), not as JSON. */
  sealText(caseId: string, text: string, context: string): string {
    return this.keys.forCase(caseId).encrypt(text, context);
  }

  private decrypt(caseId: string, payload: string, context: string): string {
    const cipher = this.keys.existing(caseId);
    if (!cipher) throw new CaseDataDestroyedError(caseId);
    return cipher.decrypt(payload, context);
  }

  /**
   * The last decrypted, validated value of each encrypted field (by its context, which names the
   * row), with the ciphertext it came from: a write changes the ciphertext, so a stale value is
   * never answered. The queue and the case list re-read the same rows many times a second.
   */
  private readonly opened = new Map<string, { payload: string; value: unknown }>();

  /** Callers get a copy they may change. */
  open<S extends z.ZodType>(caseId: string, payload: string, context: string, schema: S): z.output<S> {
    let entry = this.opened.get(context);
    if (entry?.payload !== payload) {
      entry = { payload, value: schema.parse(JSON.parse(this.decrypt(caseId, payload, context))) };
      this.remember(context, entry);
    }
    return copyJson(entry.value) as z.output<S>;
  }

  /** A decrypted text, from the same cache (a string needs no copy). */
  openText(caseId: string, payload: string, context: string): string {
    let entry = this.opened.get(context);
    if (entry?.payload !== payload) {
      entry = { payload, value: this.decrypt(caseId, payload, context) };
      this.remember(context, entry);
    }
    return entry.value as string;
  }

  /** Bounded: the case list reads each case's title and data at least twice per call, for a few
   * thousand cases (beyond that the cache starts afresh). */
  private remember(context: string, entry: { payload: string; value: unknown }): void {
    if (this.opened.size >= 4000 && !this.opened.has(context)) this.opened.clear();
    this.opened.set(context, entry);
  }

  /** Drops every decrypted value kept (when a case's key is destroyed). */
  forget(): void {
    this.opened.clear();
  }
}
