import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ENTITY_STEPS_PATH_A,
  ENTITY_STEPS_PATH_B,
  checkEntityAction,
  entityMissingSteps,
  entitySteps,
  isEntityComplete,
  type EntityAction,
  type EntityWorkflowState,
  type UboWorkflowState,
} from '../../../shared/domain/workflow.js';

const person = (id: string, name: string, over: Partial<UboWorkflowState> = {}): UboWorkflowState => ({
  id,
  name,
  detailsCompleted: true,
  pepConfirmed: true,
  requiredDocsOnFile: true,
  docsConfirmed: true,
  ...over,
});

const complete: EntityWorkflowState = {
  showOrganigram: false,
  kybCompleted: true,
  sanctionsReviewed: true,
  organigramVerified: false,
  shareholdingConfirmed: true,
  entityBand: 'Low Risk',
  entityRequiredDocsOnFile: true,
  entityDocsConfirmed: true,
  decision: null,
  ubos: [person('u1', 'Thabo Mokoena'), person('u2', 'Jane Doe')],
};

const fresh: EntityWorkflowState = {
  ...complete,
  kybCompleted: false,
  sanctionsReviewed: false,
  shareholdingConfirmed: false,
  entityBand: 'Undetermined',
  entityRequiredDocsOnFile: false,
  entityDocsConfirmed: false,
  ubos: [
    person('u1', 'Thabo Mokoena', {
      detailsCompleted: false,
      pepConfirmed: false,
      requiredDocsOnFile: false,
      docsConfirmed: false,
    }),
  ],
};

const status = (s: EntityWorkflowState) =>
  Object.fromEntries(entitySteps(s).map((x) => [x.id, x.blockedBy ?? x.status]));

describe('entity steps', () => {
  it('lists path A with owners and path B with the ownership tree', () => {
    expect(ENTITY_STEPS_PATH_A.map((s) => s.id)).toEqual([
      'create',
      'kyb',
      'sanctions-review',
      'owners',
      'people',
      'shareholding-confirm',
      'entity-documents',
      'entity-doc-confirm',
      'decision',
      'report',
    ]);
    expect(ENTITY_STEPS_PATH_B.map((s) => s.id)).toContain('organigram');
    expect(ENTITY_STEPS_PATH_B.map((s) => s.id)).not.toContain('owners');
  });

  it('says in plain words what a fresh entity waits for', () => {
    expect(status(fresh)).toMatchObject({
      create: 'done',
      kyb: 'available',
      'sanctions-review': 'Complete the KYB details first',
      owners: 'Complete the KYB details first',
      decision: 'Complete the KYB details first',
      report: 'available',
    });
  });

  it('names the person whose PEP review or documents hold up shareholding', () => {
    const s: EntityWorkflowState = {
      ...fresh,
      kybCompleted: true,
      sanctionsReviewed: true,
      ubos: [
        person('u1', 'Thabo Mokoena', {
          pepConfirmed: false,
          requiredDocsOnFile: false,
          docsConfirmed: false,
        }),
        person('u2', 'Jane Doe', {
          requiredDocsOnFile: false,
          docsConfirmed: false,
          missingDocs: ['Proof of address'],
        }),
      ],
    };
    expect(status(s)['shareholding-confirm']).toBe('Waiting for the PEP review of Thabo Mokoena');
    const people = entitySteps(s).find((x) => x.id === 'people')?.people ?? [];
    expect(people[1]?.steps.find((x) => x.id === 'doc-confirm')?.blockedBy).toBe(
      'Upload the required documents of Jane Doe: Proof of address',
    );
    expect(people[0]?.steps.find((x) => x.id === 'doc-confirm')?.blockedBy).toBe(
      'Waiting for the PEP review of Thabo Mokoena',
    );
    const next = { ...s, ubos: [person('u1', 'Thabo Mokoena'), s.ubos[1]!] };
    expect(status(next)['shareholding-confirm']).toBe(
      'Upload the required documents of Jane Doe: Proof of address',
    );
    expect(entityMissingSteps(next)[0]).toEqual({
      step: 'people',
      message: 'Upload the required documents of Jane Doe: Proof of address',
    });
  });

  it('shows a complete entity ready for the decision', () => {
    expect(isEntityComplete(complete)).toBe(true);
    expect(status(complete)).toMatchObject({
      people: 'done',
      'entity-doc-confirm': 'done',
      decision: 'available',
    });
    expect(status({ ...complete, decision: 'Approved' }).decision).toBe('done');
  });
});

describe('entity actions', () => {
  it('keeps the order create, KYB, sanctions review', () => {
    expect(checkEntityAction(fresh, { type: 'sanctions-review' })).toEqual({
      ok: false,
      status: 409,
      message: 'KYB must be completed before the sanctions review',
    });
    expect(checkEntityAction(fresh, { type: 'kyb' })).toEqual({ ok: true });
    expect(checkEntityAction({ ...fresh, kybCompleted: true }, { type: 'ubo-create' })).toMatchObject({
      status: 409,
      message: 'The sanctions review must be completed before owners can be added',
    });
    expect(checkEntityAction({ ...fresh, created: false }, { type: 'kyb' })).toMatchObject({ status: 409 });
  });

  it('allows flat owner changes on path A only until shareholding is confirmed', () => {
    const ready = { ...fresh, kybCompleted: true, sanctionsReviewed: true };
    expect(checkEntityAction(ready, { type: 'ubo-create' })).toEqual({ ok: true });
    expect(checkEntityAction(ready, { type: 'ubo-delete', uboId: 'u1' })).toEqual({ ok: true });
    expect(checkEntityAction(complete, { type: 'ubo-create' })).toMatchObject({
      status: 409,
      message: 'Shareholding has already been confirmed: owners can no longer be added',
    });
    expect(checkEntityAction(complete, { type: 'ubo-update', uboId: 'u2' }).ok).toBe(false);
    expect(checkEntityAction(ready, { type: 'ubo-update', uboId: 'nobody' })).toMatchObject({ status: 404 });
  });

  it('refuses ubo-create and deletes on path B and verifies the tree only once', () => {
    const b: EntityWorkflowState = {
      ...fresh,
      showOrganigram: true,
      kybCompleted: true,
      sanctionsReviewed: true,
    };
    expect(checkEntityAction(b, { type: 'ubo-create' })).toMatchObject({ status: 409 });
    expect(checkEntityAction(b, { type: 'ubo-delete', uboId: 'u1' })).toMatchObject({ status: 409 });
    expect(checkEntityAction(b, { type: 'verify-organigram' })).toEqual({ ok: true });
    expect(checkEntityAction({ ...b, organigramVerified: true }, { type: 'verify-organigram' })).toEqual({
      ok: false,
      status: 409,
      message: 'Organigram has already been finalised',
    });
    expect(checkEntityAction({ ...b, showOrganigram: false }, { type: 'verify-organigram' })).toMatchObject({
      status: 409,
    });
    for (const decision of ['Approved', 'Declined'] as const) {
      const decided = { ...b, organigramVerified: true, shareholdingConfirmed: true, decision };
      expect(checkEntityAction(decided, { type: 'verify-organigram' })).toEqual({
        ok: false,
        status: 409,
        message: 'Organigram has already been finalised',
      });
    }
    expect(
      checkEntityAction({ ...b, ubos: [person('u1', 'Thabo Mokoena')] }, { type: 'shareholding-confirm' }),
    ).toMatchObject({
      message: 'The ownership tree must be verified before shareholding can be confirmed',
    });
  });

  it('runs each person through details, PEP review, documents and confirmation', () => {
    const s = { ...fresh, kybCompleted: true, sanctionsReviewed: true };
    expect(checkEntityAction(s, { type: 'ubo-pep-confirm', uboId: 'u1' })).toMatchObject({
      message: 'The details of Thabo Mokoena must be completed before the PEP review',
    });
    expect(checkEntityAction(s, { type: 'ubo-doc-upload', uboId: 'u1' })).toEqual({ ok: true });
    const detailed = {
      ...s,
      ubos: [
        person('u1', 'Thabo Mokoena', {
          pepConfirmed: false,
          requiredDocsOnFile: true,
          docsConfirmed: false,
        }),
      ],
    };
    expect(checkEntityAction(detailed, { type: 'ubo-doc-confirm', uboId: 'u1' })).toMatchObject({
      message:
        'The PEP review of Thabo Mokoena must be completed before the documents of Thabo Mokoena can be confirmed',
    });
    const reviewed = {
      ...s,
      ubos: [
        person('u1', 'Thabo Mokoena', {
          requiredDocsOnFile: false,
          docsConfirmed: false,
          missingDocs: ['Identity document'],
        }),
      ],
    };
    expect(checkEntityAction(reviewed, { type: 'ubo-doc-confirm', uboId: 'u1' })).toMatchObject({
      message: 'Required documents of Thabo Mokoena are not on file yet: Identity document',
    });
    expect(checkEntityAction(reviewed, { type: 'shareholding-confirm' })).toMatchObject({
      message:
        'The required documents of Thabo Mokoena (Identity document) must be uploaded before shareholding can be confirmed',
    });
  });

  it('takes entity documents only after shareholding is confirmed', () => {
    const s = {
      ...complete,
      shareholdingConfirmed: false,
      entityRequiredDocsOnFile: false,
      entityDocsConfirmed: false,
    };
    expect(checkEntityAction(s, { type: 'entity-doc-upload' })).toMatchObject({
      message: 'Shareholding must be confirmed before entity documents can be uploaded',
    });
    const confirmed = { ...s, shareholdingConfirmed: true, entityMissingDocs: ['Company registration'] };
    expect(checkEntityAction(confirmed, { type: 'entity-doc-upload' })).toEqual({ ok: true });
    expect(checkEntityAction(confirmed, { type: 'entity-doc-confirm' })).toMatchObject({
      message:
        'The required entity documents (Company registration) must be uploaded before the entity documents can be confirmed',
    });
  });

  it('approves only a complete entity and treats Approved and Declined as final', () => {
    expect(checkEntityAction(complete, { type: 'decision', decision: 'Approved' })).toEqual({ ok: true });
    expect(
      checkEntityAction(
        { ...complete, entityDocsConfirmed: false },
        { type: 'decision', decision: 'Approved' },
      ),
    ).toEqual({
      ok: false,
      status: 409,
      message: 'The entity cannot be approved yet: The entity documents must be confirmed first',
    });
    expect(checkEntityAction(fresh, { type: 'decision', decision: 'Declined' })).toEqual({ ok: true });
    expect(checkEntityAction(fresh, { type: 'decision', decision: 'Refer' })).toEqual({ ok: true });
    for (const decision of ['Approved', 'Declined', 'Refer', 'In Progress'] as const) {
      expect(
        checkEntityAction({ ...complete, decision: 'Approved' }, { type: 'decision', decision }),
      ).toMatchObject({ status: 403 });
      expect(
        checkEntityAction({ ...fresh, decision: 'Declined' }, { type: 'decision', decision }),
      ).toMatchObject({ status: 403 });
    }
    expect(
      checkEntityAction({ ...complete, decision: 'Refer' }, { type: 'decision', decision: 'In Progress' }),
    ).toEqual({ ok: true });
    expect(checkEntityAction({ ...complete, decision: 'Approved' }, { type: 'kyb' })).toMatchObject({
      status: 409,
    });
  });
});

// ------------------------------------------------------------ properties

const uboArb = fc.record({
  id: fc.constantFrom('u1', 'u2', 'u3'),
  name: fc.constantFrom('Thabo Mokoena', 'Jane Doe', 'Sipho Dlamini'),
  detailsCompleted: fc.boolean(),
  pepConfirmed: fc.boolean(),
  requiredDocsOnFile: fc.boolean(),
  docsConfirmed: fc.boolean(),
});
const stateArb: fc.Arbitrary<EntityWorkflowState> = fc.record({
  created: fc.boolean(),
  showOrganigram: fc.boolean(),
  kybCompleted: fc.boolean(),
  sanctionsReviewed: fc.boolean(),
  organigramVerified: fc.boolean(),
  shareholdingConfirmed: fc.boolean(),
  entityBand: fc.constantFrom(
    'Undetermined' as const,
    'Low Risk' as const,
    'Medium Risk' as const,
    'High Risk' as const,
  ),
  entityRequiredDocsOnFile: fc.boolean(),
  entityDocsConfirmed: fc.boolean(),
  decision: fc.constantFrom(
    null,
    'Approved' as const,
    'Declined' as const,
    'Refer' as const,
    'In Progress' as const,
  ),
  ubos: fc.uniqueArray(uboArb, { maxLength: 3, selector: (u) => u.id }),
});
const actionArb: fc.Arbitrary<EntityAction> = fc.oneof(
  fc.constantFrom<EntityAction>(
    { type: 'kyb' },
    { type: 'sanctions-review' },
    { type: 'ubo-create' },
    { type: 'verify-organigram' },
    { type: 'shareholding-confirm' },
    { type: 'entity-doc-upload' },
    { type: 'entity-doc-confirm' },
  ),
  fc.record({
    type: fc.constantFrom(
      'ubo-update' as const,
      'ubo-delete' as const,
      'ubo-pep-confirm' as const,
      'ubo-doc-upload' as const,
      'ubo-doc-confirm' as const,
    ),
    uboId: fc.constantFrom('u1', 'u2', 'u3'),
  }),
  fc.record({
    type: fc.constant('decision' as const),
    decision: fc.constantFrom(
      'Approved' as const,
      'Declined' as const,
      'Refer' as const,
      'In Progress' as const,
    ),
  }),
);

const final = (s: EntityWorkflowState) => s.decision === 'Approved' || s.decision === 'Declined';
const uboDone = (u: UboWorkflowState) =>
  u.detailsCompleted && u.pepConfirmed && u.requiredDocsOnFile && u.docsConfirmed;
const base = (s: EntityWorkflowState) => s.created !== false && s.kybCompleted && s.sanctionsReviewed;
const peopleDone = (s: EntityWorkflowState) =>
  base(s) && (!s.showOrganigram || s.organigramVerified) && s.ubos.length > 0 && s.ubos.every(uboDone);
const fullyComplete = (s: EntityWorkflowState) =>
  peopleDone(s) && s.shareholdingConfirmed && s.entityRequiredDocsOnFile && s.entityDocsConfirmed;

/** The prerequisites of contract §5, written out independently of the implementation. */
function prerequisitesHold(s: EntityWorkflowState, a: EntityAction): boolean {
  if (final(s)) return false;
  const ubo = 'uboId' in a ? s.ubos.find((u) => u.id === a.uboId) : undefined;
  switch (a.type) {
    case 'kyb':
      return s.created !== false;
    case 'sanctions-review':
      return s.created !== false && s.kybCompleted;
    case 'ubo-create':
      return base(s) && !s.showOrganigram && !s.shareholdingConfirmed;
    case 'ubo-delete':
      return base(s) && !s.showOrganigram && !s.shareholdingConfirmed && ubo !== undefined;
    case 'ubo-update':
      return base(s) && !s.shareholdingConfirmed && ubo !== undefined;
    case 'verify-organigram':
      return base(s) && s.showOrganigram && !s.organigramVerified && !s.shareholdingConfirmed;
    case 'ubo-pep-confirm':
      return base(s) && ubo !== undefined && ubo.detailsCompleted;
    case 'ubo-doc-upload':
      return base(s) && ubo !== undefined;
    case 'ubo-doc-confirm':
      return (
        base(s) && ubo !== undefined && ubo.detailsCompleted && ubo.pepConfirmed && ubo.requiredDocsOnFile
      );
    case 'shareholding-confirm':
      return peopleDone(s);
    case 'entity-doc-upload':
      return peopleDone(s) && s.shareholdingConfirmed;
    case 'entity-doc-confirm':
      return peopleDone(s) && s.shareholdingConfirmed && s.entityRequiredDocsOnFile;
    case 'decision':
      return a.decision === 'Approved' ? fullyComplete(s) : true;
  }
}

describe('entity workflow properties', () => {
  it('never allows an action before its prerequisites', () => {
    fc.assert(
      fc.property(stateArb, actionArb, (s, a) => {
        if (checkEntityAction(s, a).ok) expect(prerequisitesHold(s, a)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('allows approval exactly in a fully complete state without a final decision', () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        const r = checkEntityAction(s, { type: 'decision', decision: 'Approved' });
        expect(r.ok).toBe(fullyComplete(s) && !final(s));
        if (!r.ok) expect(r.status).toBe(final(s) ? 403 : 409);
      }),
      { numRuns: 2000 },
    );
  });

  it('offers a step only when every earlier step is done, and says why otherwise', () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        const steps = entitySteps(s);
        steps.forEach((step, i) => {
          if (step.status === 'blocked') expect(step.blockedBy).toMatch(/\S/);
          if (step.status === 'available' && step.id !== 'report') {
            for (const earlier of steps.slice(0, i)) expect(earlier.status).toBe('done');
          }
        });
      }),
      { numRuns: 2000 },
    );
  });
});
