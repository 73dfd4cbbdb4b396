// The ways the core writes its audit trail: as the person who acts, as a person named by their own
// sign-in or lock, or as "This laptop" for what the app learned from the service (its own entry,
// not the selected user's).
import type { AuditLog } from './db/index.js';

export type AuditWriter = (action: string, caseId: string | null, detail: string) => void;

export interface AuditWriterDeps {
  auditLog: AuditLog;
  activeProfileId: () => string | null;
}

/** Entries of a person's own sign-in, unlock or lock (no case). */
export function staffAudit({ auditLog, activeProfileId }: AuditWriterDeps) {
  return (action: string, userId: string, detail: string): void =>
    void auditLog.append({
      profileId: activeProfileId(),
      userId,
      action,
      caseId: null,
      detail: { message: detail },
    });
}

export function auditWriters(deps: AuditWriterDeps & { actingUserId: () => string | null }): {
  audit: AuditWriter;
  learnedAudit: (action: string, caseId: string, detail: string) => void;
} {
  const write = (userId: string, action: string, caseId: string | null, detail: string) =>
    void deps.auditLog.append({
      profileId: deps.activeProfileId(),
      userId,
      action,
      caseId,
      detail: { message: detail },
    });
  return {
    audit: (action, caseId, detail) => write(deps.actingUserId() ?? 'local', action, caseId, detail),
    learnedAudit: (action, caseId, detail) => write('local', action, caseId, detail),
  };
}
