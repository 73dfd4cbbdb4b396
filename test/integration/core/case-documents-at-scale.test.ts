// A case's documents as its screen reads them at any size (migration 015): the counts by state and
// the checklists' facts come from tallies the triggers keep, which must say what counting the rows
// says through every way documents are written; a page in the screens' order (not on the service
// first, then on file) walks every document once; the documents written since a case was last told
// are named; and every one of these reads, and those of the identical-scan settlement, goes through
// an index rather than reading every document of the case.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CaseStore } from '../../../electron/core/cases/case-store.js';
import type { StoredDocument } from '../../../electron/core/cases/store/documents.js';
import { SealedFields } from '../../../electron/core/cases/store/sealed-fields.js';
import { ownerDocumentsOf, ownerKey } from '../../../electron/core/cases/checklists.js';
import type { Db } from '../../../electron/core/db/migration.js';
import { MIGRATIONS } from '../../../electron/core/db/migrations/index.js';
import { openDatabase } from '../../../electron/core/db/open-database.js';
import { JobStore } from '../../../electron/core/jobs/job-store.js';
import { CaseKeys } from '../../../electron/core/vault/case-keys.js';
import { Vault } from '../../../electron/core/vault/index.js';
import type { DocumentOwner, DocumentState } from '../../../shared/ipc/model.js';

let root: string;
let vault: Vault;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fica-case-documents-'));
  vault = await Vault.open({
    dir: join(root, 'vault'),
    keyStore: { getOrCreate: async () => randomBytes(32) },
  });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

let files = 0;
function freshStore(): { db: Db; store: CaseStore; jobs: JobStore } {
  const db = openDatabase(join(root, `desk-${files++}.sqlite`), { fields: vault, migrations: MIGRATIONS });
  db.prepare(
    "INSERT INTO profiles (id, name, kind, base_url, token_url, created_at) VALUES ('p1', 'Sandbox', 'sandbox', 'http://127.0.0.1:9', NULL, '2026-11-01T09:00:00.000Z')",
  ).run();
  const store = new CaseStore(db, new CaseKeys(db, vault));
  return { db, store, jobs: new JobStore(db) };
}

function addCase(store: CaseStore, id: string): void {
  store.cases.insertCase({
    id,
    kind: 'entity',
    profileId: 'p1',
    title: `Case ${id}`,
    clientReference: `FD-${id}`,
    status: 'draft',
    serverId: null,
    createdBy: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    blockedReason: null,
    decidedAt: null,
    purgedAt: null,
    reportCachedAt: null,
    data: {
      kind: 'entity',
      create: { entityRegName: `Case ${id}`, entityRegNumber: '2017/000000/07', entityType: 1 },
      entityTypeName: 'Private company',
      showOrganigram: false,
      foreignEntityType: false,
      registryCommercialName: null,
      registryFound: null,
      sanctionsSearchResults: null,
      kyb: null,
      sanctionsReview: null,
      riskBand: 'Undetermined',
      riskReason: null,
      decision: null,
      decisionBody: null,
    } as never,
  });
}

const STATES: DocumentState[] = ['captured', 'queued', 'uploading', 'on-file', 'failed', 'removing'];
const OWNERS: DocumentOwner[] = [
  { kind: 'entity' },
  { kind: 'ubo', uboId: 'u1' },
  { kind: 'ubo', uboId: 'u2' },
];

let made = 0;
function document(
  caseId: string,
  owner: DocumentOwner,
  fields: Partial<StoredDocument> = {},
): StoredDocument {
  made++;
  return {
    id: `doc-${String(made).padStart(5, '0')}`,
    caseId,
    owner,
    pairs: [{ groupId: 1, typeId: 1 }],
    filename: `scan-${made}.pdf`,
    mimeType: 'application/pdf',
    size: 1000 + made,
    sha256: randomBytes(32).toString('hex'),
    pageCount: 1,
    vaultId: null,
    state: 'queued',
    error: null,
    serverIds: [],
    capturedAt: new Date(Date.parse('2026-11-02T08:00:00.000Z') + made * 1000).toISOString(),
    removed: false,
    ...fields,
  };
}

/** Every owner's counts by state and facts by group, as counting the documents themselves says. */
function counted(store: CaseStore, caseId: string) {
  const all = store.documents.listDocuments(caseId);
  return OWNERS.map((owner) => {
    const mine = all.filter((d) => ownerKey(d.owner) === ownerKey(owner));
    const byState: Partial<Record<DocumentState, number>> = {};
    for (const d of mine) byState[d.state] = (byState[d.state] ?? 0) + 1;
    const facts = ownerDocumentsOf(mine);
    return {
      counts: { total: mine.length, byState },
      groups: [...facts.groups].sort(([a], [b]) => a - b),
      failures: [...facts.groups.keys()].sort().map((g) => facts.lastFailure(g)),
    };
  });
}

function tallied(store: CaseStore, caseId: string) {
  const countsOf = store.documents.documentCountsOf(caseId);
  const factsOf = store.documents.documentFactsOf(caseId);
  return OWNERS.map((owner) => {
    const facts = factsOf(owner);
    return {
      counts: countsOf(owner),
      groups: [...facts.groups].sort(([a], [b]) => a - b),
      failures: [...facts.groups.keys()].sort().map((g) => facts.lastFailure(g)),
    };
  });
}

const group = fc.integer({ min: 1, max: 4 });
const operation = fc.oneof(
  fc.record({
    op: fc.constant('add' as const),
    owner: fc.nat(OWNERS.length - 1),
    state: fc.constantFrom(...STATES),
    groups: fc.array(group, { minLength: 1, maxLength: 3 }),
    removed: fc.boolean(),
    error: fc.constantFrom(null, 'Refused: unreadable', 'Not sent: cancelled before it was sent'),
  }),
  fc.record({ op: fc.constant('state' as const), pick: fc.nat(), state: fc.constantFrom(...STATES) }),
  fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    op: fc.constant('pairs' as const),
    pick: fc.nat(),
    groups: fc.array(group, { minLength: 1, maxLength: 3 }),
  }),
);

describe('case documents at scale', () => {
  it('counts and checklist facts from the tallies say what counting the documents says, through every write', () => {
    const { db, store } = freshStore();
    let run = 0;
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (ops) => {
        const caseId = `c${run++}`;
        addCase(store, caseId);
        const ids: string[] = [];
        const pick = (n: number) => ids[n % Math.max(ids.length, 1)];
        for (const o of ops) {
          if (o.op === 'add') {
            const d = document(caseId, OWNERS[o.owner]!, {
              state: o.state,
              pairs: o.groups.map((groupId) => ({ groupId, typeId: 1 })),
              removed: o.removed,
              error: o.state === 'failed' ? o.error : null,
            });
            store.documents.insertDocument(d);
            ids.push(d.id);
            continue;
          }
          const id = pick(o.pick);
          if (!id) continue;
          if (o.op === 'state')
            store.documents.setDocumentState(id, o.state, o.state === 'failed' ? 'Refused' : null);
          if (o.op === 'remove') store.documents.saveDocumentState(id, { state: 'removing', removed: true });
          if (o.op === 'delete') {
            store.documents.deleteDocument(id);
            ids.splice(ids.indexOf(id), 1);
          }
          if (o.op === 'pairs')
            db.prepare('UPDATE documents SET pairs = ? WHERE id = ?').run(
              JSON.stringify(o.groups.map((groupId) => ({ groupId, typeId: 1 }))),
              id,
            );
        }
        expect(tallied(store, caseId)).toEqual(counted(store, caseId));
        // A case deleted takes its documents, and their tallies, with it.
        db.prepare('DELETE FROM cases WHERE id = ?').run(caseId);
        expect(
          db.prepare('SELECT COUNT(*) AS n FROM document_state_tallies WHERE case_id = ?').get(caseId),
        ).toEqual({ n: 0 });
        expect(
          db.prepare('SELECT COUNT(*) AS n FROM document_group_tallies WHERE case_id = ?').get(caseId),
        ).toEqual({ n: 0 });
      }),
      { numRuns: 60 },
    );
    db.close();
  });

  it('pages an owner through every document once: not on the service first, then on file, each in the order captured', () => {
    const { db, store } = freshStore();
    addCase(store, 'big');
    // Captured out of order of state: every fifth sent, one refused, some of another owner, one removed.
    for (let i = 0; i < 230; i++)
      store.documents.insertDocument(
        document('big', i % 7 === 3 ? { kind: 'ubo', uboId: 'u1' } : { kind: 'entity' }, {
          state: i % 5 === 0 ? 'on-file' : i === 18 ? 'failed' : 'queued',
          removed: i === 42,
        }),
      );
    const mine = store.documents
      .listDocuments('big')
      .filter((d) => d.owner.kind === 'entity')
      .sort(
        (a, b) =>
          Number(a.state === 'on-file') - Number(b.state === 'on-file') ||
          a.capturedAt.localeCompare(b.capturedAt) ||
          a.id.localeCompare(b.id),
      );
    const walked: StoredDocument[] = [];
    let page = store.documents.documentPage('big', { kind: 'entity' }, null, 50);
    expect(page.slice(0, 3).map((d) => d.state)).toEqual(['queued', 'queued', 'queued']);
    while (page.length > 0) {
      walked.push(...page);
      const last = page.at(-1)!;
      page = store.documents.documentPage(
        'big',
        { kind: 'entity' },
        { sent: last.state === 'on-file', capturedAt: last.capturedAt, id: last.id },
        50,
      );
    }
    expect(walked.map((d) => d.id)).toEqual(mine.map((d) => d.id));
    expect(store.documents.documentCountsOf('big')({ kind: 'entity' })).toEqual({
      total: mine.length,
      byState: {
        queued: mine.filter((d) => d.state === 'queued').length,
        'on-file': mine.filter((d) => d.state === 'on-file').length,
        failed: 1,
      },
    });
    expect(
      store.documents
        .documentsNamed('big', [mine[5]!.id, 'not-there', mine[70]!.id])
        .map((d) => d.id)
        .sort(),
    ).toEqual([mine[5]!.id, mine[70]!.id].sort());
    db.close();
  });

  it('names the documents written since a case was last told, not those of a rolled-back write, and none past 200', () => {
    const { db, store } = freshStore();
    addCase(store, 'a');
    addCase(store, 'b');
    const a1 = document('a', { kind: 'entity' });
    const a2 = document('a', { kind: 'entity' });
    const b1 = document('b', { kind: 'entity' });
    for (const d of [a1, a2, b1]) store.documents.insertDocument(d);
    expect(store.documents.takeChangedDocuments('a')?.sort()).toEqual([a1.id, a2.id].sort());
    expect(store.documents.takeChangedDocuments('a')).toEqual([]);
    store.documents.markUploading(a2.id);
    expect(() =>
      db.transaction(() => {
        store.documents.setDocumentState(a1.id, 'on-file', null);
        throw new Error('the answer could not be recorded');
      })(),
    ).toThrow();
    store.documents.deleteDocument(b1.id);
    expect(store.documents.takeChangedDocuments('a')).toEqual([a2.id]);
    expect(store.documents.takeChangedDocuments('b')).toEqual([b1.id]);
    for (let i = 0; i < 201; i++) store.documents.insertDocument(document('a', { kind: 'entity' }));
    expect(store.documents.takeChangedDocuments('a')).toBeNull();
    expect(store.documents.takeChangedDocuments('a')).toEqual([]);
    db.close();
  });

  it("compares a case with the service's list without decrypting its documents' names", () => {
    const { db, store } = freshStore();
    addCase(store, 'a');
    const owners: DocumentOwner[] = [{ kind: 'entity' }, { kind: 'ubo', uboId: 'u1' }];
    for (let i = 0; i < 12; i++)
      store.documents.insertDocument(
        document('a', owners[i % 2]!, {
          state: i % 3 === 0 ? 'on-file' : 'queued',
          serverIds: i % 3 === 0 ? [i + 1] : [],
          removed: i === 6,
        }),
      );
    const opened = vi.spyOn(SealedFields.prototype, 'openText');
    const fingerprint = store.documents.documentsFingerprint('a');
    const standings = owners.map((owner) => store.documents.documentStandings('a', owner));
    expect(opened).not.toHaveBeenCalled();
    opened.mockRestore();
    for (const [i, owner] of owners.entries()) {
      const all = store.documents
        .listDocuments('a', true)
        .filter((d) => ownerKey(d.owner) === ownerKey(owner));
      expect(standings[i]!.map((d) => ({ ...d, filename: d.filename() }))).toEqual(
        all.map((d) => ({
          id: d.id,
          size: d.size,
          state: d.state,
          removed: d.removed,
          serverIds: d.serverIds,
          filename: d.filename,
        })),
      );
    }
    // The fingerprint moves with what a service read may race with, and only with that.
    const [first] = standings[0]!;
    db.prepare("UPDATE documents SET pairs = '[]' WHERE id = ?").run(first!.id);
    expect(store.documents.documentsFingerprint('a')).toBe(fingerprint);
    store.documents.saveDocumentState(first!.id, { serverIds: [99] });
    const moved = store.documents.documentsFingerprint('a');
    expect(moved).not.toBe(fingerprint);
    store.documents.saveDocumentState(first!.id, { removed: true });
    expect(store.documents.documentsFingerprint('a')).not.toBe(moved);
    db.close();
  });

  it('names a document whose reading was kept, so its screen shows what was read', () => {
    const { db, store } = freshStore();
    addCase(store, 'a');
    const a1 = document('a', { kind: 'entity' });
    store.documents.insertDocument(a1);
    expect(store.documents.takeChangedDocuments('a')).toEqual([a1.id]);
    const read = {
      kind: 'proof-of-address' as const,
      text: 'Statement date 1 November 2026',
      source: 'text-layer' as const,
    };
    store.readings.saveReading(a1.id, 'a', read, '2026-11-02T09:00:00.000Z');
    expect(store.documents.takeChangedDocuments('a')).toEqual([a1.id]);
    store.readings.saveReading(a1.id, 'a', { ...read, text: null, source: null }, '2026-11-02T09:01:00.000Z');
    expect(store.documents.takeChangedDocuments('a')).toEqual([a1.id]);
    expect(store.readings.readingsOfDocuments('a', [a1.id, 'other']).get(a1.id)?.text).toBeNull();
    db.close();
  });

  it("reads a big case's page, counts, checklist facts and identical-scan settlement through indexes", () => {
    const { db, store, jobs } = freshStore();
    addCase(store, 'big');
    const same = randomBytes(32).toString('hex');
    for (let i = 0; i < 300; i++) {
      const d = document(
        'big',
        { kind: 'entity' },
        {
          state: i % 3 === 0 ? 'on-file' : i % 3 === 1 ? 'queued' : 'failed',
          sha256: same,
          size: 4096,
          error: i % 3 === 2 ? 'Refused' : null,
        },
      );
      store.documents.insertDocument(d);
      if (d.state === 'queued') jobs.add('big', { kind: 'entity.doc-upload', documentId: d.id });
    }
    db.exec('ANALYZE');
    // Each read compiles its statements on first use: the texts it compiled are what it runs.
    const plansOf = (read: () => unknown): string[] => {
      const texts: string[] = [];
      const original = Database.prototype.prepare;
      const spy = vi.spyOn(Database.prototype, 'prepare').mockImplementation(function (
        this: Db,
        sql: string,
      ) {
        texts.push(sql);
        return original.call(this, sql);
      });
      try {
        read();
      } finally {
        spy.mockRestore();
      }
      expect(texts.length).toBeGreaterThan(0);
      return texts.flatMap((sql) =>
        (
          (original.call(db, `EXPLAIN QUERY PLAN ${sql}`) as Database.Statement<unknown[]>).all(
            ...placeholders(sql),
          ) as { detail: string }[]
        ).map((r) => r.detail),
      );
    };
    const reads: Record<string, () => unknown> = {
      'first and next pages': () => {
        store.documents.documentPage('big', { kind: 'entity' }, null, 50);
        store.documents.documentPage(
          'big',
          { kind: 'entity' },
          { sent: true, capturedAt: '2026', id: 'doc' },
          50,
        );
      },
      counts: () => store.documents.documentCountsOf('big')({ kind: 'entity' }),
      'last refusal of a group': () =>
        store.documents.documentFactsOf('big')({ kind: 'entity' }).lastFailure(1),
      'unsent copies of one content': () => store.documents.unsentWithContent('big', same, 4096),
      'uploads that may still claim a copy': () => jobs.mayHaveBeenSentOfCase('big'),
      "a document's upload": () => jobs.uploadOf('doc-x'),
    };
    const plans = new Map(Object.entries(reads).map(([name, read]) => [name, plansOf(read)]));
    for (const [name, plan] of plans) {
      expect(plan.join(' | '), name).not.toMatch(/SCAN documents|SCAN jobs|TEMP B-TREE/);
      expect(plan.join(' | '), name).toMatch(/USING (COVERING )?INDEX|USING PRIMARY KEY/);
    }
    expect(plans.get('unsent copies of one content')!.join(' | ')).toMatch(
      /documents_content_state \(case_id=\? AND sha256=\? AND size=\? AND state=\?\)/,
    );
    db.close();
  });
});

/** As many nulls as the statement has parameters: EXPLAIN needs them bound, not their values. */
function placeholders(sql: string): null[] {
  return Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => null);
}
