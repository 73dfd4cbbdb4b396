// Every channel that reads or changes a case (named by its caseId, or by a draft, document or job
// of it) is refused for a case of another environment than the active one, before its handler
// runs; capture needs an active environment to record the new case under. The check goes by the
// input's reference keys, so a channel added later with one of them is covered without a list.
import type { ChannelName } from '../../../shared/ipc/contract.js';
import type { EnvironmentScope } from '../cases/environment-scope.js';
import type { HandlerTable } from './dispatch.js';

const CAPTURE_CHANNELS: ReadonlySet<ChannelName> = new Set(['entity.create', 'individual.create']);

/** Reference keys of channel inputs and how each is traced to its case's environment. */
export const CASE_REFERENCE_KEYS = ['caseId', 'draftId', 'documentId', 'jobId'] as const;
type ReferenceKey = (typeof CASE_REFERENCE_KEYS)[number];

export function checkEnvironment(scope: EnvironmentScope, channel: ChannelName, input: unknown): void {
  if (CAPTURE_CHANNELS.has(channel)) scope.requireActive();
  if (typeof input !== 'object' || input === null) return;
  const refs = input as Partial<Record<ReferenceKey, unknown>>;
  if (typeof refs.caseId === 'string') scope.requireCase(refs.caseId);
  if (typeof refs.draftId === 'string') scope.requireDraft(refs.draftId);
  if (typeof refs.documentId === 'string') scope.requireDocument(refs.documentId);
  if (typeof refs.jobId === 'string') scope.requireJob(refs.jobId);
}

/** The same table, each handler preceded by the environment check of its input. */
export function scopedToActiveEnvironment(handlers: HandlerTable, scope: EnvironmentScope): HandlerTable {
  const scoped: Partial<Record<ChannelName, (input: never) => unknown>> = {};
  for (const channel of Object.keys(handlers) as ChannelName[]) {
    const handler = handlers[channel] as (input: unknown) => unknown;
    scoped[channel] = (input: unknown) => {
      checkEnvironment(scope, channel, input);
      return handler(input);
    };
  }
  return scoped as HandlerTable;
}
