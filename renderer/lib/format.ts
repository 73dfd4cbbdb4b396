// Words and numbers as staff read them. Pure helpers, tested in Node.
import type {
  CaseStatus,
  ChecklistItem,
  Connectivity,
  DocumentCounts,
  DocumentState,
  JobState,
  ProfileKind,
  StepStatus,
} from '../../shared/ipc/index.js';
import { personName as sharedPersonName, type NameParts } from '../../shared/domain/person-name.js';

export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  draft: 'Draft',
  waiting: 'Waiting',
  synced: 'Synced',
  'needs-review': 'Needs review',
  approved: 'Approved',
  declined: 'Declined',
  referred: 'Referred',
};

export const STEP_STATUS_LABELS: Record<StepStatus, string> = {
  draft: 'Draft, not sent',
  queued: 'Queued',
  synced: 'Synced',
  'needs-review': 'Needs review',
  done: 'Done',
  available: 'To do',
  blocked: 'Blocked',
};

export const CONNECTIVITY_LABELS: Record<Connectivity, string> = {
  online: 'Online',
  offline: 'Offline',
  checking: 'Checking connection',
  'needs-sign-in': 'Sign-in needed',
  'no-profile': 'No environment',
};

export const ENVIRONMENT_LABELS: Record<ProfileKind, string> = {
  sandbox: 'Sandbox',
  test: 'Test',
  live: 'Live',
};

/** A profile as the screens name it: its name, with its kind unless the name already says it. */
export function profileLabel(profile: { name: string; kind: ProfileKind }): string {
  const kind = ENVIRONMENT_LABELS[profile.kind];
  return profile.name.trim().toLowerCase() === kind.toLowerCase()
    ? profile.name
    : `${profile.name} (${kind})`;
}

export const DOCUMENT_STATE_LABELS: Record<DocumentState, string> = {
  captured: 'Captured',
  queued: 'Queued',
  uploading: 'Uploading',
  'on-file': 'On file',
  failed: 'Failed',
  removing: 'Removing',
};

/** The order the counts of an owner's documents are told in: what still needs sending first. */
const COUNTED_STATES: readonly DocumentState[] = ['failed', 'uploading', 'queued', 'captured', 'on-file'];

/** "1 204 documents: 4 queued, 1 200 on file" (a state none is in is left out). */
export function documentCountsText(counts: DocumentCounts): string {
  const n = (value: number) => value.toLocaleString('en-ZA');
  const parts = COUNTED_STATES.filter((state) => (counts.byState[state] ?? 0) > 0).map(
    (state) => `${n(counts.byState[state]!)} ${DOCUMENT_STATE_LABELS[state].toLowerCase()}`,
  );
  const total = `${n(counts.total)} document${counts.total === 1 ? '' : 's'}`;
  return parts.length > 0 ? `${total}: ${parts.join(', ')}` : total;
}

/** A required document's line: on the service, only here, refused, or missing. */
export const CHECKLIST_STATUS_LABELS: Record<ChecklistItem['status'], string> = {
  sent: 'On file',
  captured: 'Captured, not sent yet',
  refused: 'Refused',
  'not-sent': 'Not sent',
  missing: 'Missing',
};

export const CHECKLIST_TONES: Record<ChecklistItem['status'], 'ok' | 'info' | 'danger' | 'warn'> = {
  sent: 'ok',
  captured: 'info',
  refused: 'danger',
  'not-sent': 'warn',
  missing: 'warn',
};

export const JOB_STATE_LABELS: Record<JobState, string> = {
  waiting: 'Waiting',
  ready: 'Ready to send',
  running: 'Sending',
  retrying: 'Will retry',
  failed: 'Failed',
  'not-sent': 'Not sent',
  paused: 'Paused',
};

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function formatPercent(value: number): string {
  if (!Number.isFinite(value)) return '';
  const rounded = Math.round(value * 100) / 100;
  return `${rounded} %`;
}

/** Whole percent of a progress, 0 when nothing is known. */
export function progressPercent(progress: { sent: number; total: number } | null | undefined): number {
  if (!progress || progress.total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((progress.sent / progress.total) * 100)));
}

// Dates read as South African staff write them: "05 Nov 2026, 14:30", in the laptop's time zone.
// Written out here rather than through Intl: the first en-ZA formatter a page builds costs its
// locale data, 35–186 ms (median 77) in a fresh Chromium page on a loaded machine against 0.1 ms for
// this (about 25 ms on a quiet one), on the cases screen's first paint, whose rows show dates. en-ZA
// would also write September "Sept"; the unit test holds these to its medium style otherwise.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number): string => String(n).padStart(2, '0');
const dayMonthYear = (d: Date): string => `${two(d.getDate())} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;

/** With seconds when several things happen in one minute (the case history). */
export function formatDateTime(iso: string | null | undefined, seconds = false): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = `${two(d.getHours())}:${two(d.getMinutes())}${seconds ? `:${two(d.getSeconds())}` : ''}`;
  return `${dayMonthYear(d)}, ${time}`;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return dayMonthYear(d);
}

export const unsentLabel = (n: number): string => (n === 1 ? '1 unsent item' : `${n} unsent items`);

/** A person's name on screen; someone not named yet is "Unnamed person". */
export function personName(details: NameParts): string {
  return sharedPersonName(details, 'Unnamed person');
}

/** The core's "waiting for …" text as a sentence, without saying "waiting" twice. */
export function waitingText(text: string): string {
  const t = text.trim();
  if (/^waiting\b/i.test(t)) return t.charAt(0).toUpperCase() + t.slice(1);
  return `Waiting for ${t}`;
}
