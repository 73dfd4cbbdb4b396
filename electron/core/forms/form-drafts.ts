// Unsaved input of the app's forms, kept as the person types and given back when they return, also
// after a restart. Local only: a draft is never sent, never counted as saved, and belongs to the
// environment it was typed in. A case's drafts are sealed under that case's key (the retention purge
// shreds them with it); drafts of a case not yet created under the vault's field key.
import type Database from 'better-sqlite3';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { FormDraft, FormDraftRef } from '../../../shared/ipc/form-drafts.js';
import { statement } from '../../../node-shared/sqlite/statements.js';
import type { CaseStore } from '../cases/case-store.js';
import { finalityOf, refusalMessage } from '../cases/finality.js';
import type { EnvironmentScope } from '../cases/environment-scope.js';
import type { CaseKeys } from '../vault/case-keys.js';
import type { FieldCipher } from '../vault/index.js';

export interface FormDraftDeps {
  db: Database.Database;
  store: Pick<CaseStore, 'cases'>;
  scope: EnvironmentScope;
  caseKeys: Pick<CaseKeys, 'forCase'>;
  fields: FieldCipher;
}

interface Row {
  data: string;
  saved_at: string;
}

export class FormDrafts {
  constructor(private readonly deps: FormDraftDeps) {}

  get(ref: FormDraftRef): FormDraft {
    const profileId = this.deps.scope.requireActive().id;
    const row = statement(
      this.deps.db,
      'SELECT data, saved_at FROM form_drafts WHERE profile_id = ? AND case_id = ? AND form = ? AND subject = ?',
    ).get(profileId, ref.caseId ?? '', ref.form, ref.subject) as Row | undefined;
    if (!row) return { data: null, savedAt: null };
    return { data: JSON.parse(this.cipher(ref).decrypt(row.data, context(ref))), savedAt: row.saved_at };
  }

  save(ref: FormDraftRef, data: unknown): FormDraft {
    const profileId = this.deps.scope.requireActive().id;
    if (ref.caseId) {
      const c = this.deps.store.cases.getCase(ref.caseId);
      if (!c) throw new DeskError('not-found', 'This case no longer exists on this laptop.');
      const final = finalityOf(c);
      if (final) throw new DeskError('refused', refusalMessage(c.title, final.decision));
    }
    const savedAt = new Date().toISOString();
    const sealed = this.cipher(ref).encrypt(JSON.stringify(data), context(ref));
    statement(
      this.deps.db,
      `INSERT INTO form_drafts (profile_id, case_id, form, subject, data, saved_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (profile_id, case_id, form, subject) DO UPDATE SET data = excluded.data, saved_at = excluded.saved_at`,
    ).run(profileId, ref.caseId ?? '', ref.form, ref.subject, sealed, savedAt);
    return { data: data as FormDraft['data'], savedAt };
  }

  clear(ref: FormDraftRef): void {
    const profileId = this.deps.scope.requireActive().id;
    statement(
      this.deps.db,
      'DELETE FROM form_drafts WHERE profile_id = ? AND case_id = ? AND form = ? AND subject = ?',
    ).run(profileId, ref.caseId ?? '', ref.form, ref.subject);
  }

  /**
   * Moves typed input kept under one address to another (a case's address once the case exists
   * here); input already kept at the new address stays and the old is dropped. True when moved.
   */
  move(from: FormDraftRef, to: FormDraftRef): boolean {
    const profileId = this.deps.scope.requireActive().id;
    const kept = this.get(from);
    if (kept.data === null) return false;
    const moved = this.deps.db.transaction(() => {
      const there = this.get(to).data !== null;
      if (!there)
        statement(
          this.deps.db,
          'INSERT INTO form_drafts (profile_id, case_id, form, subject, data, saved_at) VALUES (?, ?, ?, ?, ?, ?)',
        ).run(
          profileId,
          to.caseId ?? '',
          to.form,
          to.subject,
          this.cipher(to).encrypt(JSON.stringify(kept.data), context(to)),
          kept.savedAt,
        );
      this.clear(from);
      return !there;
    })();
    return moved;
  }

  private cipher(ref: FormDraftRef): FieldCipher {
    return ref.caseId ? this.deps.caseKeys.forCase(ref.caseId) : this.deps.fields;
  }
}

const context = (ref: FormDraftRef) => `form_drafts:${ref.caseId ?? ''}:${ref.form}:${ref.subject}`;
