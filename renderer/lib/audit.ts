// The case history: audit entries as rows people read (who, what, when), newest first.
import type { AuditEntry } from '../../shared/ipc/index.js';

export interface HistoryRow {
  id: number;
  at: string;
  who: string;
  what: string;
  detail: string;
}

const KNOWN: Record<string, string> = {
  'band.learned': 'Risk band changed on the service',
  'case.purge': 'Files removed after retention',
  'decision.learned': 'Decided on the service',
  'desk.decision-kept': 'Decision typed on the desk kept to record again',
  'desk.open': 'Opened from the service',
  'desk.take': 'Taken for review',
  'document.added-on-service': 'Document added on the service',
  'document.capture': 'Document captured',
  'document.extra-copy': 'Extra copy left on the service',
  'document.remove': 'Document removed',
  'document.removed-on-service': 'Document removed on the service',
  'entity.create': 'Application created',
  'entity.decision': 'Decision recorded',
  'entity.doc-confirm': 'Entity documents confirmed',
  'entity.kyb': 'Business details saved',
  'entity.organigram': 'Ownership structure saved',
  'entity.sanctions-review': 'Sanctions review confirmed',
  'entity.shareholding-confirm': 'Shareholding confirmed',
  'entity.verify-organigram': 'Ownership structure verified',
  'individual.aml-screening': 'AML screening requested',
  'individual.bank-verification': 'Bank account checked',
  'individual.confirm-docs': 'Documents confirmed',
  'individual.create': 'Application created',
  'individual.decision': 'Decision recorded',
  'individual.external-validation': 'External validation requested',
  'individual.pep-decision': 'PEP decision recorded',
  'individual.update': 'Details edited',
  'review-record.kept-here': 'Review record kept on this laptop only',
  'review.learned': 'Review already recorded on the service',
  'queue.discard': 'Unsent change discarded',
  'transfer.export': 'Exported to an archive',
  'transfer.import': 'Imported from an archive',
  'queue.drop': 'Unsent change dropped',
  'ubo.create': 'Person added',
  'ubo.delete': 'Person removed',
  'ubo.doc-confirm': "Person's documents confirmed",
  'ubo.pep-confirm': "Person's PEP review confirmed",
  'ubo.removed-on-service': 'Person removed on the service',
  'ubo.update': "Person's details saved",
};

/** What was done, in words: known actions by name, others from their id ("ubo.pep-confirm" → "Pep confirm"). */
export function actionLabel(action: string): string {
  const known = KNOWN[action];
  if (known) return known;
  const last = action.includes('.') ? action.slice(action.lastIndexOf('.') + 1) : action;
  const words = last
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/\b(aml|pep|kyb|ubo)\b/g, (m) => m.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Who acted: the user's name from the look-up, "This laptop" for the app itself. */
export function actorName(userId: string | null, users: ReadonlyArray<{ id: string; name: string }>): string {
  if (userId === null) return 'This laptop';
  return users.find((u) => u.id === userId)?.name ?? `Unknown user (${userId})`;
}

export function historyRows(
  entries: ReadonlyArray<AuditEntry>,
  users: ReadonlyArray<{ id: string; name: string }>,
): HistoryRow[] {
  return [...entries]
    .sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1))
    .map((e) => ({
      id: e.id,
      at: e.at,
      who: actorName(e.userId, users),
      what: actionLabel(e.action),
      detail: e.detail,
    }));
}
