// The lists' contains-filters answer from an exact trigram index per partner (migration 018) and must
// keep, and count, exactly the rows the plain rule keeps: the value occurs in the column, ignoring
// the case of ASCII letters, with % _ \ and quotes taken literally. Checked on a real SQLite file
// against a naive filter over random records and random search strings; a filter matching many rows
// is counted by the index alone; and a database written before migration 018 is searched alike.
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { migrate, openDb, type Db } from '../../../server/store/db.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import { EntityRepository, type Entity } from '../../../server/store/entities.js';
import { IndividualRepository, type Individual } from '../../../server/store/individuals.js';

let dir: string;
let db: Db;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fica-sbx-contains-'));
  db = openDb(dir);
  for (const id of ['p1', 'p2']) {
    db.prepare(
      "INSERT INTO partners (id, name, balance, medium_from, high_from, client_id, client_secret_hash, created_at) VALUES (?, ?, 0, NULL, 70, ?, 'h', '2024-01-01')",
    ).run(id, id, `client-${id}`);
  }
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The rule of the published list: a case-insensitive contains, where only ASCII letters fold. */
const asciiLower = (s: string): string => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const naiveContains = (value: string | null, search: string): boolean =>
  value !== null && asciiLower(value).includes(asciiLower(search));

// Letters in both cases, LIKE's wildcards and escape, quotes, FTS5 syntax and letters that Unicode
// folds but LIKE does not (É/é, the Kelvin sign K that folds to k).
const CHARS = [
  'a',
  'A',
  'b',
  'B',
  'k',
  'K',
  'K',
  'é',
  'É',
  '%',
  '_',
  '\\',
  "'",
  '"',
  ' ',
  '*',
  ':',
  '-',
  '(',
  '1',
];
const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 8 }).map((cs) => cs.join(''));
const flipCase = (s: string, flips: boolean[]): string =>
  [...s]
    .map((c, i) =>
      flips[i % Math.max(flips.length, 1)] ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c,
    )
    .join('');

/** A search string: a piece of a stored value with its case changed, or any string. */
function searches(values: string[]): fc.Arbitrary<string> {
  const piece = fc
    .tuple(fc.constantFrom(...values, ''), fc.nat(), fc.nat(), fc.array(fc.boolean(), { maxLength: 8 }))
    .map(([v, a, b, flips]) => {
      const start = v.length ? a % v.length : 0;
      return flipCase(v.slice(start, start + 1 + (b % 6)), flips);
    });
  return fc.oneof(piece, text).filter((s) => s !== '');
}

function individual(
  n: number,
  partnerId: string,
  first: string,
  last: string,
  ref: string | null,
): Individual {
  const at = new Date(Date.UTC(2024, 0, 1) + n * 1000).toISOString();
  return {
    id: `i-${n}`,
    partnerId,
    externalSystemId: null,
    clientRef: ref,
    firstName: first,
    lastName: last,
    clientEmail: null,
    clientPhone: null,
    idNumber: null,
    passportNumber: null,
    details: {} as Individual['details'],
    ficaStatus: 'In Progress',
    riskDescription: 'Undetermined',
    riskReason: null,
    amlScreening: null,
    externalValidation: null,
    pepConfirmReviewed: false,
    adverseSearchKYC: false,
    clientForeignOfficial: false,
    clientForeignOfficialType: null,
    pepDecidedBy: null,
    docsUploadedReviewed: false,
    docsReviewedBy: null,
    onboardingDecision: 'In Progress',
    additionalComments: null,
    decidedBy: null,
    approvedBy: null,
    nextFicaReviewDate: null,
    approvalDate: null,
    createdAt: at,
    lastUpdated: at,
  };
}

function entity(n: number, partnerId: string, name: string, ref: string | null): Entity {
  const at = new Date(Date.UTC(2024, 0, 1) + n * 1000).toISOString();
  return {
    id: `e-${n}`,
    partnerId,
    entityType: 1,
    regName: name,
    regNumber: '2015/000001/07',
    clientReference: ref,
    externalSystemId: null,
    ficaStatus: 'In Progress',
    riskStatus: 'Undetermined',
    riskReason: null,
    riskScore: null,
    registryCommercialName: null,
    registryResponse: {},
    sanctionsResults: { matchedNumber: 0, matchedEntities: [], webSearchResults: [] },
    kyb: null,
    sanctionSearchCompleted: false,
    adverseSearchKYC: false,
    directorsConfirmed: false,
    organigram: null,
    organigramReviewed: false,
    shareholdersAdminConfirmed: false,
    docsUploadedReviewed: false,
    onboardingDecision: 'In Progress',
    approvedComments: null,
    declinedComments: null,
    referComments: null,
    nextFicaReviewDate: null,
    approvalDate: null,
    createdAt: at,
    lastUpdated: at,
  };
}

const record = fc.record({
  a: text,
  b: text,
  ref: fc.option(text, { nil: null }),
  partner: fc.constantFrom('p1', 'p1', 'p2'),
});

describe('contains-filters on the trigram index', () => {
  it('individual lists keep exactly the rows the naive filter keeps, in list order', () => {
    const repo = new IndividualRepository(db);
    fc.assert(
      fc.property(
        fc
          .array(record, { minLength: 1, maxLength: 25 })
          .chain((rows) =>
            fc.tuple(
              fc.constant(rows),
              searches(rows.flatMap((r) => [r.a, r.b, r.ref ?? ''])),
              fc.constantFrom('firstName', 'lastName', 'clientReference'),
              fc.boolean(),
            ),
          ),
        ([rows, search, filter, renamed]) => {
          db.prepare('DELETE FROM individuals').run();
          const stored = rows.map((r, n) => individual(n, r.partner, r.a, r.b, r.ref));
          for (const i of stored) repo.insert(i);
          // Updates go through the index's triggers too: rename every other record.
          const current = stored.map((i, n) =>
            renamed && n % 2 === 0 ? repo.save({ ...i, firstName: i.lastName, lastName: i.firstName }) : i,
          );
          const field = {
            firstName: 'firstName',
            lastName: 'lastName',
            clientReference: 'clientRef',
          } as const;
          // Newest first; records saved in the same millisecond fall back to the later-created first.
          const expected = current
            .map((i, n) => ({ i, n }))
            .filter(({ i }) => i.partnerId === 'p1' && naiveContains(i[field[filter]], search))
            .sort((x, y) =>
              x.i.lastUpdated === y.i.lastUpdated ? y.n - x.n : x.i.lastUpdated < y.i.lastUpdated ? 1 : -1,
            )
            .map(({ i }) => i.id);
          const page = repo.list('p1', { [filter]: search }, 100, 0);
          expect(page.data.map((i) => i.id)).toEqual(expected);
          expect(page.count).toBe(expected.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('entity lists keep exactly the rows the naive filter keeps, with two filters combined', () => {
    const repo = new EntityRepository(db);
    fc.assert(
      fc.property(
        fc
          .array(record, { minLength: 1, maxLength: 25 })
          .chain((rows) =>
            fc.tuple(
              fc.constant(rows),
              searches(rows.map((r) => r.a)),
              fc.option(searches(rows.map((r) => r.ref ?? 'x')), { nil: undefined }),
            ),
          ),
        ([rows, name, ref]) => {
          db.prepare('DELETE FROM ubos').run();
          db.prepare('DELETE FROM entities').run();
          const stored = rows.map((r, n) => entity(n, r.partner, r.a, r.ref));
          for (const e of stored) repo.insert(e);
          const expected = stored
            .filter(
              (e) =>
                e.partnerId === 'p1' &&
                naiveContains(e.regName, name) &&
                (ref === undefined || naiveContains(e.clientReference, ref)),
            )
            .reverse()
            .map((e) => e.id);
          const page = repo.list(
            'p1',
            { entityRegName: name, ...(ref === undefined ? {} : { clientReference: ref }) },
            100,
            0,
          );
          expect(page.data.map((e) => e.id)).toEqual(expected);
          expect(page.count).toBe(expected.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a search matching more rows than the index helps with still counts and pages every match', () => {
    const repo = new IndividualRepository(db);
    db.prepare('DELETE FROM individuals').run();
    db.transaction(() => {
      for (let n = 0; n < 1_500; n += 1)
        repo.insert(individual(n, 'p1', 'Thandi', n % 5 === 4 ? 'Nkosi' : 'Smith', null));
    })();
    // Counted by the index alone: no statement counts the rows themselves.
    const compiled: string[] = [];
    const prepare = db.prepare;
    db.prepare = ((sql: string) => {
      compiled.push(sql);
      return prepare.call(db, sql);
    }) as Db['prepare'];
    let page: ReturnType<IndividualRepository['list']>;
    try {
      page = repo.list('p1', { lastName: 'SMI' }, 50, 25);
    } finally {
      db.prepare = prepare;
    }
    expect(compiled.filter((sql) => /COUNT\(\*\) AS n FROM individuals /.test(sql))).toEqual([]);
    expect(compiled.some((sql) => sql.includes('individuals_search MATCH'))).toBe(true);
    expect(compiled.filter((sql) => /COUNT\(\*\) AS n FROM individuals /.test(sql))).toEqual([]);
    expect(page.count).toBe(1_200);
    const expected = Array.from({ length: 1_500 }, (_, n) => n)
      .filter((n) => n % 5 !== 4)
      .reverse()
      .slice(25, 75)
      .map((n) => `i-${n}`);
    expect(page.data.map((i) => i.id)).toEqual(expected);
  });

  it('searches a database written before the exact index like a new one', () => {
    const old = mkdtempSync(join(tmpdir(), 'fica-sbx-contains-old-'));
    try {
      const before = new Database(join(old, 'sandbox.sqlite'));
      before.pragma('foreign_keys = ON');
      migrate(
        before,
        MIGRATIONS.filter((m) => m.version < 18),
      );
      before
        .prepare(
          "INSERT INTO partners (id, name, balance, medium_from, high_from, client_id, client_secret_hash, created_at) VALUES ('p1', 'p1', 0, NULL, 70, 'client-p1', 'h', '2024-01-01'), ('p2', 'p2', 0, NULL, 70, 'client-p2', 'h', '2024-01-02')",
        )
        .run();
      const written = new IndividualRepository(before);
      for (let n = 0; n < 30; n += 1)
        written.insert(
          individual(n, n % 3 === 0 ? 'p2' : 'p1', 'Thandi', n % 2 ? 'Dlamini' : 'Kelvin', null),
        );
      before.close();
      const reopened = openDb(old);
      const repo = new IndividualRepository(reopened);
      expect(repo.list('p1', { lastName: 'DLAM' }, 100, 0).count).toBe(10);
      expect(repo.list('p2', { lastName: 'kelvin' }, 100, 0).count).toBe(5);
      // A partner made after the migration gets its own key, and its records are found.
      reopened
        .prepare(
          "INSERT INTO partners (id, name, balance, medium_from, high_from, client_id, client_secret_hash, created_at) VALUES ('p3', 'p3', 0, NULL, 70, 'client-p3', 'h', '2024-01-03')",
        )
        .run();
      repo.insert(individual(99, 'p3', 'Thandi', 'Dlamini', null));
      expect(repo.list('p3', { lastName: 'dlamini' }, 100, 0).data.map((i) => i.id)).toEqual(['i-99']);
      reopened.close();
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  });
});
