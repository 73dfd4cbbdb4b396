// Which step to open when none is named, and which comes next: both read the order of the case's
// steps, which the core gives from the workflow table (shared/domain/workflow-table.ts).
import type { StepView } from '../../shared/ipc/index.js';

const SETTLED = new Set(['done', 'synced']);

export function defaultStep(steps: readonly StepView[]): string | null {
  const open = steps.find((s) => !SETTLED.has(s.status) && s.status !== 'blocked' && s.id !== 'create');
  return open?.id ?? steps.find((s) => s.status !== 'blocked')?.id ?? steps[0]?.id ?? null;
}

export function nextStep(steps: ReadonlyArray<{ id: string }>, current: string): string | null {
  const i = steps.findIndex((s) => s.id === current);
  return i >= 0 ? (steps[i + 1]?.id ?? null) : null;
}

/**
 * A step's label inside a sentence ("Continue to business details (KYB)"): its first letter in
 * lower case, unless its first word is an abbreviation ("AML screening", "PEP and sanctions …").
 */
export function labelInSentence(label: string): string {
  return /^[A-Z]{2,}\b/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** The step after `current` and the words of a link to it, or null after the last step. */
export function continueTo(
  steps: ReadonlyArray<{ id: string; label: string }>,
  current: string,
): { id: string; text: string } | null {
  const id = nextStep(steps, current);
  const step = id ? steps.find((s) => s.id === id) : undefined;
  return step ? { id: step.id, text: `Continue to ${labelInSentence(step.label)}` } : null;
}
