// The groups an owner has on file (what every upload's required-documents check reads) come from
// a loose index scan; it must name exactly the distinct groups of the owner's active documents.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../../server/store/db.js';
import { DocumentRepository } from '../../../server/store/documents.js';
import { IndividualRepository } from '../../../server/store/individuals.js';

const dir = mkdtempSync(join(tmpdir(), 'fica-sbx-groups-'));
const db = openDb(dir);
// Documents only: their owners' rows do not matter to this query.
db.pragma('foreign_keys = OFF');
const documents = new DocumentRepository(db);
const individuals = new IndividualRepository(db);

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const docArb = fc.record({
  owner: fc.constantFrom('a', 'b'),
  group: fc.integer({ min: 1, max: 40 }),
  active: fc.boolean(),
});

describe('groups on file', () => {
  it('are the distinct groups of active documents, per owner, for entity, UBO and individual documents', () => {
    fc.assert(
      fc.property(fc.array(docArb, { maxLength: 60 }), (docs) => {
        for (const table of ['entity_documents', 'ubo_documents', 'individual_documents'])
          db.exec(`DELETE FROM ${table}`);
        for (const [i, d] of docs.entries()) {
          for (const [table, owner] of [
            ['entity_documents', 'entity_id'],
            ['ubo_documents', 'ubo_id'],
            ['individual_documents', 'individual_id'],
          ] as const) {
            db.prepare(
              `INSERT INTO ${table} (${owner}, group_id, type_id, filename, stored_name, mime_type, size, active, upload_date)
               VALUES (?, ?, 1, 'f.pdf', ?, 'application/pdf', 1, ?, '2026-01-01')`,
            ).run(d.owner, d.group, `${table}-${i}`, d.active ? 1 : 0);
          }
        }
        for (const owner of ['a', 'b', 'nobody']) {
          const expected = [
            ...new Set(docs.filter((d) => d.owner === owner && d.active).map((d) => d.group)),
          ].sort((x, y) => x - y);
          const sorted = (rows: Array<{ groupId: number }>) =>
            rows.map((r) => r.groupId).sort((x, y) => x - y);
          expect(sorted(documents.activeGroupIds('entity', owner))).toEqual(expected);
          expect(sorted(documents.activeGroupIds('ubo', owner))).toEqual(expected);
          expect(sorted(individuals.activeDocumentGroupIds(owner))).toEqual(expected);
        }
      }),
      { numRuns: 60 },
    );
  });
});
