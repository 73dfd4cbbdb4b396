// The IPC handlers (ipc/handlers/), each group given the few services it uses.
import type { ChannelOutput } from '../../../shared/ipc/contract.js';
import type { Status } from '../../../shared/ipc/model.js';
import type { HandlerTable } from '../ipc/dispatch.js';
import { createHandlers } from '../ipc/handlers/index.js';
import type { ProfileService } from '../profiles/profile-service.js';
import type { CaseServices } from './case-services.js';
import type { CoreBase } from './core-base.js';
import type { SyncServices } from './sync-services.js';

export interface HandlerParts {
  environments: ProfileService;
  info: ChannelOutput<'app.info'>;
  status: () => Status;
}

export function wireHandlers(
  base: CoreBase,
  local: CaseServices,
  sync: SyncServices,
  { environments, info, status }: HandlerParts,
): HandlerTable {
  const { bus, staff, session, audit, auditLog, needApi, activeProfileId } = base;
  const { cases, reviewRecords, drafts, readings, scans, formDrafts, documentContent, reports, bank } = local;
  const { readIdentity, prepareIdentityReading } = local;
  const { queue, caseRefresh, views, transfer, desk } = sync;
  const statusChanged = () => bus.emit('status.changed');
  return createHandlers(
    {
      app: {
        info,
        status,
        settings: base.settings,
        saveSettings: (next) => {
          const saved = base.appSettings.save(next);
          statusChanged();
          return saved;
        },
      },
      staff: { staff, statusChanged },
      environments: { profiles: base.profiles, session, environments, status },
      lookups: { lookups: base.lookups, lookupBundle: base.lookupBundle, activeProfileId, needApi },
      cases: { views, activeProfileId, caseRefresh, reviewRecords },
      entity: { cases, views, reviewRecords },
      individual: { cases, views, reviewRecords, bank },
      capture: { drafts, scans, readings, views, formDrafts, readIdentity, prepareIdentityReading },
      documents: { documentContent, cases, vault: base.vault, queue, statusChanged },
      queue: { queue, transfer, status, statusChanged },
      records: { reports, needApi, audit, auditLog, activeProfileId },
      desk: { desk },
    },
    base.scope,
  );
}
