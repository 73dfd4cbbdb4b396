// The queue's ordering rule: within a case, a job starts only after every pending job of a lower
// rank in its scope (the whole case, or one person); uploads of one owner run side by side.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blockerAmong,
  JOB_RANK,
  mustWaitFor,
  orderGroupOf,
  rankOf,
  scopeOf,
  type JobPayload,
  type Ordered,
} from '../../../electron/core/jobs/job-kinds.js';

const job = (seq: number, payload: JobPayload): Ordered => ({ seq, payload, caseKind: 'entity' });

describe('job order', () => {
  it("sends a person's documents after their PEP review, and entity documents after shareholding", () => {
    const pep = job(5, { kind: 'ubo.pep-confirm', uboId: 'jane' });
    const janeDoc = job(9, { kind: 'ubo.doc-upload', uboId: 'jane', documentId: 'd1' });
    const johnDoc = job(10, { kind: 'ubo.doc-upload', uboId: 'john', documentId: 'd2' });
    const share = job(11, { kind: 'entity.shareholding-confirm' });
    const entityDoc = job(12, { kind: 'entity.doc-upload', documentId: 'd3' });
    expect(mustWaitFor(janeDoc, pep)).toBe(true);
    expect(mustWaitFor(johnDoc, pep)).toBe(false);
    expect(mustWaitFor(share, janeDoc)).toBe(true);
    expect(mustWaitFor(entityDoc, share)).toBe(true);
    expect(mustWaitFor(entityDoc, janeDoc)).toBe(true);
  });

  it('runs uploads of one owner side by side, and other jobs of one rank in order', () => {
    const a = job(1, { kind: 'entity.doc-upload', documentId: 'a' });
    const b = job(2, { kind: 'entity.doc-upload', documentId: 'b' });
    expect(mustWaitFor(b, a)).toBe(false);
    const k1 = job(3, { kind: 'entity.kyb' });
    const k2 = job(4, { kind: 'entity.kyb' });
    expect(mustWaitFor(k2, k1)).toBe(true);
    expect(mustWaitFor(k1, k2)).toBe(false);
  });

  const kinds = Object.keys(JOB_RANK).filter(
    (k) => k.startsWith('entity.') || k.startsWith('ubo.'),
  ) as JobPayload['kind'][];
  const arbitraryJob = fc
    .record({ kind: fc.constantFrom(...kinds), person: fc.constantFrom('p1', 'p2') })
    .map(({ kind, person }) => {
      const payload = (
        kind.startsWith('ubo.') ? { kind, uboId: person, documentId: 'd' } : { kind, documentId: 'd' }
      ) as JobPayload;
      return payload;
    });

  it('never lets a job start before a lower-ranked job of its scope (property)', () => {
    fc.assert(
      fc.property(fc.array(arbitraryJob, { minLength: 1, maxLength: 25 }), (payloads) => {
        const pending = payloads.map((p, i) => job(i + 1, p));
        const started: Ordered[] = [];
        // Start whatever may start until nothing is left: the rule must never deadlock.
        while (pending.length > 0) {
          const ready = pending.filter((j) => !pending.some((other) => mustWaitFor(j, other)));
          expect(ready.length).toBeGreaterThan(0);
          for (const r of ready) pending.splice(pending.indexOf(r), 1);
          started.push(...ready);
        }
        for (let i = 0; i < started.length; i++) {
          for (let k = i + 1; k < started.length; k++) {
            const early = started[i]!;
            const late = started[k]!;
            const related =
              scopeOf(early.payload) === 'case' ||
              scopeOf(late.payload) === 'case' ||
              scopeOf(early.payload) === scopeOf(late.payload);
            if (related) expect(rankOf(late)).toBeGreaterThanOrEqual(rankOf(early));
          }
        }
      }),
    );
  });

  const anyJob = fc
    .record({
      kind: fc.constantFrom(...(Object.keys(JOB_RANK) as JobPayload['kind'][]), 'document.delete' as const),
      person: fc.constantFrom('p1', 'p2', null),
    })
    // A deletion names its person or none; every other kind that names one always does.
    .map(
      ({ kind, person }) =>
        ({
          kind,
          uboId: kind === 'document.delete' ? person : (person ?? 'p1'),
          documentId: 'd',
        }) as JobPayload,
    );

  it('finds the same job in front from the first job of each kind and person as from all jobs (property)', () => {
    fc.assert(
      fc.property(
        fc.array(anyJob, { minLength: 1, maxLength: 40 }),
        fc.constantFrom('entity' as const, 'individual' as const),
        fc.boolean(),
        (payloads, caseKind, early) => {
          const all = payloads.map((payload, i): Ordered => ({ seq: i + 1, payload, caseKind }));
          const heads = all.filter(
            (j, i) => all.findIndex((o) => orderGroupOf(o.payload) === orderGroupOf(j.payload)) === i,
          );
          for (const me of all) {
            const asked = { ...me, early };
            expect(blockerAmong(asked, heads)?.seq).toBe(blockerAmong(asked, all)?.seq);
          }
        },
      ),
    );
  });
});
