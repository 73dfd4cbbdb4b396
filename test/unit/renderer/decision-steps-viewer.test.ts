import { describe, expect, it } from 'vitest';
import type { JobView, StepView } from '../../../shared/ipc/index.js';
import { commentRequired, reviewDateIso } from '../../../renderer/lib/decision.js';
import { groupByCase } from '../../../renderer/lib/queue-groups.js';
import { continueTo, defaultStep, labelInSentence, nextStep } from '../../../renderer/lib/steps.js';
import { clampPage, nextZoom } from '../../../renderer/lib/viewer.js';

const step = (id: string, status: StepView['status']): StepView => ({
  id,
  label: id,
  status,
  blockedBy: null,
  waitingFor: null,
});

describe('decision rules', () => {
  it('asks for comments when declining or referring', () => {
    expect(commentRequired('Declined')).toBe(true);
    expect(commentRequired('Refer')).toBe(true);
    expect(commentRequired('Approved')).toBe(false);
  });

  it('turns a date input into the ISO date-time the service takes', () => {
    expect(reviewDateIso('2027-03-01')).toBe('2027-03-01T00:00:00.000Z');
    expect(reviewDateIso('')).toBeUndefined();
  });
});

describe('steps', () => {
  it('opens the first open step, skipping done and blocked ones', () => {
    const steps = [
      step('create', 'done'),
      step('kyb', 'done'),
      step('sanctions-review', 'available'),
      step('owners', 'blocked'),
    ];
    expect(defaultStep(steps)).toBe('sanctions-review');
    expect(nextStep(steps, 'kyb')).toBe('sanctions-review');
    expect(nextStep(steps, 'owners')).toBeNull();
  });

  it('names the next step in a sentence, keeping an abbreviation that starts its label', () => {
    expect(labelInSentence('Business details (KYB)')).toBe('business details (KYB)');
    expect(labelInSentence('AML screening')).toBe('AML screening');
    expect(labelInSentence('PEP and sanctions decision')).toBe('PEP and sanctions decision');
    expect(labelInSentence('Onboarding decision')).toBe('onboarding decision');
    const steps = [
      { id: 'create', label: 'Create the client' },
      { id: 'aml-screening', label: 'AML screening' },
    ];
    expect(continueTo(steps, 'create')).toEqual({ id: 'aml-screening', text: 'Continue to AML screening' });
    expect(continueTo(steps, 'aml-screening')).toBeNull();
  });
});

describe('viewer', () => {
  it('keeps the page inside the document and zooms in steps', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(9, 3)).toBe(3);
    expect(clampPage(Number.NaN, 3)).toBe(1);
    expect(nextZoom(1, 'in')).toBe(1.25);
    expect(nextZoom(0.5, 'out')).toBe(0.5);
    expect(nextZoom(3, 'in')).toBe(3);
  });
});

describe('queue groups', () => {
  it('groups jobs by case in listed order', () => {
    const job = (id: string, caseId: string): JobView => ({
      id,
      caseId,
      caseTitle: `Case ${caseId}`,
      kind: 'x',
      label: id,
      state: 'waiting',
      waitingFor: null,
      attempts: 0,
      nextAttemptAt: null,
      progress: null,
      error: null,
      createdAt: '2026-01-01T00:00:00Z',
      file: null,
      cancellable: false,
    });
    const groups = groupByCase([job('1', 'a'), job('2', 'b'), job('3', 'a')]);
    expect(groups.map((g) => [g.caseId, g.jobs.map((j) => j.id)])).toEqual([
      ['a', ['1', '3']],
      ['b', ['2']],
    ]);
  });
});
