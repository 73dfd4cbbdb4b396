import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  INDIVIDUAL_STEPS,
  checkIndividualAction,
  individualSteps,
  isIndividualComplete,
  type IndividualAction,
  type IndividualWorkflowState,
} from '../../../shared/domain/workflow.js';

const fresh: IndividualWorkflowState = {
  amlScreened: false,
  externallyValidated: false,
  pepDecided: false,
  band: 'Undetermined',
  requiredDocsOnFile: false,
  docsConfirmed: false,
  decision: null,
};
const complete: IndividualWorkflowState = {
  amlScreened: true,
  externallyValidated: true,
  pepDecided: true,
  band: 'Low Risk',
  requiredDocsOnFile: true,
  docsConfirmed: true,
  decision: null,
};

describe('individual workflow', () => {
  it('has the published order of steps', () => {
    expect(INDIVIDUAL_STEPS.map((s) => s.id)).toEqual([
      'create',
      'aml-screening',
      'external-validation',
      'pep-decision',
      'documents',
      'confirm-docs',
      'decision',
      'report',
    ]);
  });

  it('shows a new client waiting for AML screening', () => {
    const steps = Object.fromEntries(individualSteps(fresh).map((s) => [s.id, s.blockedBy ?? s.status]));
    expect(steps).toMatchObject({
      create: 'done',
      'aml-screening': 'available',
      'external-validation': 'Run the AML screening first',
      decision: 'Run the AML screening first',
    });
  });

  it('names the missing step in its 409 messages', () => {
    expect(checkIndividualAction(fresh, { type: 'external-validation' })).toEqual({
      ok: false,
      status: 409,
      message: 'AML screening must be completed before the external validation',
    });
    const validated = { ...fresh, amlScreened: true, externallyValidated: true };
    expect(checkIndividualAction(validated, { type: 'documents' })).toMatchObject({
      message: 'The PEP and sanctions decision must be recorded before documents can be uploaded',
    });
    const decided = {
      ...validated,
      pepDecided: true,
      band: 'High Risk' as const,
      missingDocs: ['Source of wealth'],
    };
    expect(checkIndividualAction(decided, { type: 'documents' })).toEqual({ ok: true });
    expect(checkIndividualAction(decided, { type: 'confirm-docs' })).toMatchObject({
      message:
        'The required documents (Source of wealth) must be uploaded before the documents can be confirmed',
    });
    expect(individualSteps(decided).find((s) => s.id === 'confirm-docs')?.blockedBy).toBe(
      'Upload the required documents: Source of wealth',
    );
  });

  it('approves only after confirm-docs; decline and refer any time before a final decision', () => {
    expect(
      checkIndividualAction(
        { ...complete, docsConfirmed: false },
        { type: 'decision', decision: 'Approved' },
      ),
    ).toEqual({
      ok: false,
      status: 409,
      message: 'The client cannot be approved yet: The documents must be confirmed first',
    });
    expect(checkIndividualAction(complete, { type: 'decision', decision: 'Approved' })).toEqual({ ok: true });
    expect(checkIndividualAction(fresh, { type: 'decision', decision: 'Declined' })).toEqual({ ok: true });
    expect(
      checkIndividualAction(
        { ...complete, decision: 'Approved' },
        { type: 'decision', decision: 'In Progress' },
      ),
    ).toMatchObject({
      status: 403,
    });
  });
});

const stateArb: fc.Arbitrary<IndividualWorkflowState> = fc.record({
  created: fc.boolean(),
  amlScreened: fc.boolean(),
  externallyValidated: fc.boolean(),
  pepDecided: fc.boolean(),
  band: fc.constantFrom(
    'Undetermined' as const,
    'Low Risk' as const,
    'Medium Risk' as const,
    'High Risk' as const,
  ),
  requiredDocsOnFile: fc.boolean(),
  docsConfirmed: fc.boolean(),
  decision: fc.constantFrom(
    null,
    'Approved' as const,
    'Declined' as const,
    'Refer' as const,
    'In Progress' as const,
  ),
});
const actionArb: fc.Arbitrary<IndividualAction> = fc.oneof(
  fc.constantFrom<IndividualAction>(
    { type: 'update' },
    { type: 'aml-screening' },
    { type: 'external-validation' },
    { type: 'pep-sanctions-decision' },
    { type: 'documents' },
    { type: 'confirm-docs' },
  ),
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

const final = (s: IndividualWorkflowState) => s.decision === 'Approved' || s.decision === 'Declined';

function prerequisitesHold(s: IndividualWorkflowState, a: IndividualAction): boolean {
  if (final(s)) return false;
  const chain = [
    s.created !== false,
    s.amlScreened,
    s.externallyValidated,
    s.pepDecided,
    s.requiredDocsOnFile,
    s.docsConfirmed,
  ];
  const upTo = (n: number) => chain.slice(0, n).every(Boolean);
  switch (a.type) {
    case 'update':
    case 'aml-screening':
      return upTo(1);
    case 'external-validation':
      return upTo(2);
    case 'pep-sanctions-decision':
      return upTo(3);
    case 'documents':
      return upTo(4);
    case 'confirm-docs':
      return upTo(5);
    case 'decision':
      return a.decision === 'Approved' ? upTo(6) : true;
  }
}

describe('individual workflow properties', () => {
  it('never allows an action before its prerequisites', () => {
    fc.assert(
      fc.property(stateArb, actionArb, (s, a) => {
        if (checkIndividualAction(s, a).ok) expect(prerequisitesHold(s, a)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('allows approval exactly in a complete state without a final decision', () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        const ok = checkIndividualAction(s, { type: 'decision', decision: 'Approved' }).ok;
        expect(ok).toBe(isIndividualComplete(s) && !final(s));
      }),
    );
  });

  it('offers a step only when every earlier step is done', () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        const steps = individualSteps(s);
        steps.forEach((step, i) => {
          if (step.status === 'available' && step.id !== 'report') {
            for (const earlier of steps.slice(0, i)) expect(earlier.status).toBe('done');
          }
        });
      }),
    );
  });
});
