// Small helpers the job handlers use to record answers on fresh rows inside their transaction.
import { RiskDescriptionSchema, type RiskDescription } from '../../../shared/api/index.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { EntityData, IndividualData, UboData } from '../cases/case-data.js';
import type { CaseStore, StoredCase, StoredUbo } from '../cases/case-store.js';
import { ApiError } from '../api/errors.js';

export function updateEntity(store: CaseStore, caseId: string, change: (data: EntityData, c: StoredCase) => void): void {
  const c = store.getCase(caseId);
  if (!c || c.data.kind !== 'entity') return;
  change(c.data, c);
  c.updatedAt = new Date().toISOString();
  store.saveCase(c);
}

export function updateIndividual(store: CaseStore, caseId: string, change: (data: IndividualData, c: StoredCase) => void): void {
  const c = store.getCase(caseId);
  if (!c || c.data.kind !== 'individual') return;
  change(c.data, c);
  c.updatedAt = new Date().toISOString();
  store.saveCase(c);
}

export function updateUbo(store: CaseStore, uboId: string, change: (data: UboData, u: StoredUbo) => void): void {
  const u = store.getUbo(uboId);
  if (!u) return;
  change(u.data, u);
  store.saveUbo(u);
}

export function band(value: string | null | undefined): RiskDescription {
  const parsed = RiskDescriptionSchema.safeParse(value);
  return parsed.success ? parsed.data : 'Undetermined';
}

/** The server id a job needs; a missing one is a local inconsistency, never sent as "undefined". */
export function need<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new ApiError('permanent', `${what} is missing on this laptop`);
  return value;
}

export const personName = (u: StoredUbo | null | undefined): string =>
  u ? `${u.data.details.firstName} ${u.data.details.lastName}`.trim() || 'this person' : 'this person';

export function requireCaseKind<K extends 'entity' | 'individual'>(c: StoredCase, kind: K): void {
  if (c.data.kind !== kind) throw new DeskError('internal', `Job of a ${kind} case ran on a ${c.data.kind} case`);
}
