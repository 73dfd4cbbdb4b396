// The stores of the cases on this laptop, one per aggregate (store/), over one connection and one
// cache of decrypted values. All methods are synchronous (better-sqlite3), so a caller can combine
// several in one transaction with the job it enqueues. Consumers take the few stores they use
// (`Pick<CaseStore, 'cases' | 'documents'>`); this composition only wires them.
import type Database from 'better-sqlite3';
import { CaseRecords } from './store/case-records.js';
import { DocumentClaims } from './store/document-claims.js';
import { DocumentStore } from './store/documents.js';
import { DraftStore } from './store/drafts.js';
import { PeopleStore } from './store/people.js';
import { ReadingStore } from './store/readings.js';
import { SealedFields, type CaseCiphers } from './store/sealed-fields.js';

export type Db = Database.Database;

export class CaseStore {
  readonly cases: CaseRecords;
  readonly people: PeopleStore;
  readonly documents: DocumentStore;
  readonly claims: DocumentClaims;
  readonly readings: ReadingStore;
  readonly drafts: DraftStore;
  private readonly sealed: SealedFields;

  constructor(
    readonly db: Db,
    keys: CaseCiphers,
  ) {
    this.sealed = new SealedFields(keys);
    this.cases = new CaseRecords(db, this.sealed);
    this.people = new PeopleStore(db, this.sealed);
    this.documents = new DocumentStore(db, this.sealed);
    this.claims = new DocumentClaims(db);
    this.readings = new ReadingStore(db, this.sealed);
    this.drafts = new DraftStore(db, this.sealed);
  }

  /** Drops every decrypted value kept (when a case's key is destroyed). */
  forgetDecrypted(): void {
    this.sealed.forget();
  }

  /** Vault ids of every file a case holds (documents and draft pages), for purging. */
  vaultIdsOfCase(caseId: string): string[] {
    const drafts = this.drafts.listDrafts(caseId).flatMap((d) => d.pages.map((p) => p.vaultId));
    return [...new Set([...this.documents.vaultIdsOf(caseId), ...drafts])];
  }
}
