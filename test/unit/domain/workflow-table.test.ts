// The queue's order against the service's gates, both read from the workflow table: the queue never
// sends a job before one whose step the service requires first (else the service answers 409 and
// the case stops), and a decision other than Approved goes as soon as the record exists.
import { describe, expect, it } from 'vitest';
import { mustWaitFor, rankOf, type JobPayload, type Ordered } from '../../../electron/core/jobs/job-kinds.js';
import {
  checkEntityAction,
  checkIndividualAction,
  type EntityWorkflowState,
  type IndividualWorkflowState,
} from '../../../shared/domain/workflow.js';
import {
  ENTITY_JOBS,
  ENTITY_STEP_ROWS,
  INDIVIDUAL_JOBS,
  INDIVIDUAL_STEP_ROWS,
  type AnyWorkflowJob,
} from '../../../shared/domain/workflow-table.js';

type CaseKind = Ordered['caseKind'];

/** A job of this kind for one person (`p1`) of the case, with whatever ids its payload needs. */
const payloadOf = (kind: AnyWorkflowJob['kind']): JobPayload =>
  (kind.startsWith('ubo.')
    ? { kind, uboId: 'p1', documentId: 'd1' }
    : { kind, documentId: 'd1' }) as JobPayload;

const ordered = (seq: number, row: AnyWorkflowJob, caseKind: CaseKind, early = false): Ordered => ({
  seq,
  payload: payloadOf(row.kind),
  caseKind,
  early,
});

/** Pairs (a, b) of distinct job kinds where the service takes b only once a's step is done. */
function gatedPairs(jobs: readonly AnyWorkflowJob[], steps: ReadonlyArray<{ id: string }>) {
  const pos = (id: string) => steps.findIndex((s) => s.id === id);
  const pairs: Array<[AnyWorkflowJob, AnyWorkflowJob]> = [];
  for (const b of jobs) {
    if (b.gate === null) continue;
    for (const a of jobs) {
      if (a !== b && a.steps.some((step) => pos(step) < pos(b.gate!))) pairs.push([a, b]);
    }
  }
  return pairs;
}

const cases = [
  { caseKind: 'entity' as const, jobs: ENTITY_JOBS, steps: ENTITY_STEP_ROWS },
  { caseKind: 'individual' as const, jobs: INDIVIDUAL_JOBS, steps: INDIVIDUAL_STEP_ROWS },
];

describe('the workflow table', () => {
  it('lists each step and each job kind once, so every job has one rank', () => {
    for (const { jobs, steps } of cases) {
      const ids = steps.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      const kinds = jobs.map((row) => row.kind);
      expect(new Set(kinds).size).toBe(kinds.length);
    }
  });

  for (const { caseKind, jobs, steps } of cases) {
    it(`sends no ${caseKind} job before a job whose step its service gate requires`, () => {
      const pairs = gatedPairs(jobs, steps);
      expect(pairs.length).toBeGreaterThan(caseKind === 'entity' ? 60 : 20);
      for (const [a, b] of pairs) {
        const why = `${b.kind} (gate ${b.gate}) after ${a.kind} (${a.steps.join(', ')})`;
        // Whichever was queued first, b waits for a and a never waits for b.
        for (const [seqA, seqB] of [
          [1, 2],
          [2, 1],
        ] as const) {
          const ja = ordered(seqA, a, caseKind);
          const jb = ordered(seqB, b, caseKind);
          expect(rankOf(ja), why).toBeLessThan(rankOf(jb));
          expect(mustWaitFor(jb, ja), why).toBe(true);
          expect(mustWaitFor(ja, jb), why).toBe(false);
        }
      }
    });
  }

  it("sends a person's job after the steps of that person the service requires first", () => {
    let checked = 0;
    for (const b of ENTITY_JOBS) {
      for (const a of ENTITY_JOBS) {
        if (!a.personStep || !b.personGate?.includes(a.personStep)) continue;
        checked++;
        const ja = ordered(2, a, 'entity');
        const jb = ordered(1, b, 'entity');
        expect(mustWaitFor(jb, ja), `${b.kind} after ${a.kind}`).toBe(true);
      }
    }
    // PEP review after details (create, update); confirmation after details, PEP review, uploads.
    expect(checked).toBe(6);
  });

  it('sends a decline as soon as the record exists, which is all the service asks of it', () => {
    for (const { caseKind, jobs } of cases) {
      const decision = jobs.find((row) => row.otherDecisionsAfter)!;
      const decline = ordered(99, decision, caseKind, true);
      for (const a of jobs) {
        if (a === decision) continue;
        expect(mustWaitFor(decline, ordered(1, a, caseKind)), a.kind).toBe(
          a.kind === decision.otherDecisionsAfter,
        );
      }
    }
    const entityCreatedOnly: EntityWorkflowState = {
      showOrganigram: false,
      kybCompleted: false,
      sanctionsReviewed: false,
      organigramVerified: false,
      shareholdingConfirmed: false,
      entityBand: 'Undetermined',
      entityRequiredDocsOnFile: false,
      entityDocsConfirmed: false,
      decision: null,
      ubos: [],
    };
    expect(checkEntityAction(entityCreatedOnly, { type: 'decision', decision: 'Declined' })).toEqual({
      ok: true,
    });
    expect(
      checkEntityAction({ ...entityCreatedOnly, created: false }, { type: 'decision', decision: 'Declined' }),
    ).toMatchObject({ ok: false, status: 409 });
    const clientCreatedOnly: IndividualWorkflowState = {
      amlScreened: false,
      externallyValidated: false,
      pepDecided: false,
      band: 'Undetermined',
      requiredDocsOnFile: false,
      docsConfirmed: false,
      decision: null,
    };
    expect(checkIndividualAction(clientCreatedOnly, { type: 'decision', decision: 'Refer' })).toEqual({
      ok: true,
    });
    expect(
      checkIndividualAction(
        { ...clientCreatedOnly, created: false },
        { type: 'decision', decision: 'Refer' },
      ),
    ).toMatchObject({ ok: false, status: 409 });
  });

  it("sends a document's deletion in turn with its owner's uploads", () => {
    const del = (uboId: string | null, caseKind: CaseKind): Ordered => ({
      seq: 1,
      payload: { kind: 'document.delete', documentId: 'd1', uboId },
      caseKind,
    });
    const upload = (kind: AnyWorkflowJob['kind'], caseKind: CaseKind) =>
      rankOf({ seq: 2, payload: payloadOf(kind), caseKind });
    expect(rankOf(del('p1', 'entity'))).toBe(upload('ubo.doc-upload', 'entity'));
    expect(rankOf(del(null, 'entity'))).toBe(upload('entity.doc-upload', 'entity'));
    expect(rankOf(del(null, 'individual'))).toBe(upload('individual.doc-upload', 'individual'));
  });
});
