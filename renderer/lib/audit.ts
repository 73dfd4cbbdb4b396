// The case history: audit entries as rows people read (who, what, when), newest first.
import type { AuditEntry } from '../../shared/ipc/index.js';

export interface HistoryRow {
  id: number;
  at: string;
  who: string;
  what: string;
  detail: string;
}

/** "individual.bank-verification" → "Bank verification"; the action's area prefix is dropped. */
export function actionLabel(action: string): string {
  const last = action.includes('.') ? action.slice(action.lastIndexOf('.') + 1) : action;
  const words = last
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  const fixed = words
    .replace(/\baml\b/g, 'AML')
    .replace(/\bpep\b/g, 'PEP')
    .replace(/\bkyb\b/g, 'KYB')
    .replace(/\bubo\b/g, 'UBO');
  return fixed.charAt(0).toUpperCase() + fixed.slice(1);
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
