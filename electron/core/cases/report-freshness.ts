// Whether a cached report still shows the case as it is. A report records the fingerprint of the
// case it was made from (the local state and what the service has answered: steps, people,
// documents and their upload state, band, decision); any change since makes it stale, and the
// case's history names the first such change in words.
import { createHash } from 'node:crypto';
import type { AuditLog } from '../db/index.js';
import type { CaseStore } from './case-store.js';
import type { StoredCase } from './store/case-records.js';

export function caseFingerprint(store: Pick<CaseStore, 'people' | 'documents'>, c: StoredCase): string {
  const { reportVaultId: _vault, reportFingerprint: _fingerprint, ...data } = c.data;
  const ubos = store.people.listUbos(c.id, true).map((u) => [u.id, u.serverId, u.removed, u.data]);
  const documents = store.documents.listDocuments(c.id).map((d) => [d.id, d.state, d.removed, d.serverIds]);
  return createHash('sha256')
    .update(JSON.stringify([c.serverId, data, ubos, documents]))
    .digest('hex');
}

/** What changed first after `since` (an ISO time), in the words of the case's history. */
export function firstChangeSince(audit: AuditLog, caseId: string, since: string): string {
  const entries = audit
    .list({ caseId, limit: 500 })
    .filter((e) => e.at > since && !e.action.startsWith('report.'))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id));
  const first = entries[0];
  const message = first && typeof first.detail.message === 'string' ? first.detail.message : null;
  if (!message) return 'the latest changes were sent to or received from the service';
  const more = entries.length - 1;
  return `${message}${more > 0 ? ` (and ${more} later change${more === 1 ? '' : 's'})` : ''}`;
}
