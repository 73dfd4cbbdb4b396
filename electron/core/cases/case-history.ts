// A case's history (or the environment's) as people read it: newest first, the actor's id (none for
// what the laptop did on its own), and the details in words; details destroyed with a case's
// personal data say so.
import type { ChannelOutput } from '../../../shared/ipc/contract.js';
import type { AuditLog } from '../db/index.js';

const LIMIT = 500;

export function historyOf(
  auditLog: AuditLog,
  of: { caseId: string } | { profileId: string },
): ChannelOutput<'audit.list'> {
  return auditLog.list({ ...of, limit: LIMIT }).map((e) => ({
    id: e.id,
    at: e.at,
    userId: e.userId === 'local' ? null : e.userId,
    action: e.action,
    caseId: e.caseId,
    detail:
      e.detail.removed === true
        ? 'Details removed with the personal data after the retention period'
        : typeof e.detail.message === 'string'
          ? e.detail.message
          : JSON.stringify(e.detail),
  }));
}
