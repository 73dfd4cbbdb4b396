// Which step to open when none is named: the first one that is neither done nor blocked.
import type { StepView } from '../../shared/ipc/index.js';

const SETTLED = new Set(['done', 'synced']);

export function defaultStep(steps: readonly StepView[]): string | null {
  const open = steps.find((s) => !SETTLED.has(s.status) && s.status !== 'blocked' && s.id !== 'create');
  return open?.id ?? steps.find((s) => s.status !== 'blocked')?.id ?? steps[0]?.id ?? null;
}

export function nextStep(steps: readonly StepView[], current: string): string | null {
  const i = steps.findIndex((s) => s.id === current);
  return i >= 0 ? (steps[i + 1]?.id ?? null) : null;
}
