// Small helpers the job handlers use to record answers on fresh rows inside their transaction.
import { RiskDescriptionSchema, type RiskDescription } from '../../../shared/api/index.js';
import { personName } from '../../../shared/domain/person-name.js';
import type { EntityData, IndividualData, UboData } from '../cases/case-data.js';
import type { CaseStore } from '../cases/case-store.js';
import type { StoredCase } from '../cases/store/case-records.js';
import type { StoredUbo } from '../cases/store/people.js';
import { ApiError } from '../api/errors.js';
import type { RunContext } from './job-handler.js';

export function updateEntity(
  store: Pick<CaseStore, 'cases' | 'people'>,
  caseId: string,
  change: (data: EntityData, c: StoredCase) => void,
): void {
  const c = store.cases.getCase(caseId);
  if (!c || c.data.kind !== 'entity') return;
  change(c.data, c);
  c.updatedAt = new Date().toISOString();
  store.cases.saveCase(c);
}

export function updateIndividual(
  store: Pick<CaseStore, 'cases' | 'people'>,
  caseId: string,
  change: (data: IndividualData, c: StoredCase) => void,
): void {
  const c = store.cases.getCase(caseId);
  if (!c || c.data.kind !== 'individual') return;
  change(c.data, c);
  c.updatedAt = new Date().toISOString();
  store.cases.saveCase(c);
}

export function updateUbo(
  store: Pick<CaseStore, 'cases' | 'people'>,
  uboId: string,
  change: (data: UboData, u: StoredUbo) => void,
): void {
  const u = store.people.getUbo(uboId);
  if (!u) return;
  change(u.data, u);
  store.people.saveUbo(u);
}

export function band(value: string | null | undefined): RiskDescription {
  const parsed = RiskDescriptionSchema.safeParse(value);
  return parsed.success ? parsed.data : 'Undetermined';
}

/** The server id a job needs; a missing one is a local inconsistency, never sent as "undefined". */
export function need<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined)
    throw new ApiError('permanent', `${what} is missing on this laptop`);
  return value;
}

/** The UBO's name for labels and waiting phrases. */
export const uboName = (u: StoredUbo | null | undefined): string => personName(u?.data.details);

/** The decision job's answer: the decision is marked sent, and an approval or decline closes the case. */
export function recordDecision(ctx: RunContext): void {
  const mark = (d: EntityData | IndividualData, c: StoredCase): void => {
    if (d.decision) d.decision.synced = true;
    if (d.decision?.onboardingDecision === 'Approved' || d.decision?.onboardingDecision === 'Declined')
      c.decidedAt = new Date().toISOString();
  };
  ctx.complete(() =>
    ctx.case.data.kind === 'entity'
      ? updateEntity(ctx.store, ctx.case.id, mark)
      : updateIndividual(ctx.store, ctx.case.id, mark),
  );
}
