// What the service and this laptop keep about cases beyond their steps: a case's report, the
// partner's webhook subscriptions, and the history (a case's, or the active environment's).
import type { ServiceClient } from '../../api/client.js';
import type { AuditWriter } from '../../audit-writers.js';
import { historyOf } from '../../cases/case-history.js';
import type { ReportCache } from '../../cases/report-cache.js';
import type { AuditLog } from '../../db/index.js';
import { OK, type HandlersOf } from './group.js';

export interface RecordHandlerDeps {
  reports: Pick<ReportCache, 'get'>;
  /** The active environment's client; refused as offline when no environment is chosen. */
  needApi(): ServiceClient;
  audit: AuditWriter;
  auditLog: AuditLog;
  activeProfileId(): string | null;
}

export function recordHandlers(deps: RecordHandlerDeps): HandlersOf<'reports' | 'webhooks' | 'audit'> {
  const { needApi, audit } = deps;
  return {
    'reports.get': ({ caseId, refresh }) => deps.reports.get(caseId, refresh),

    'webhooks.list': () => needApi().listSubscriptions(),
    'webhooks.create': async (input) => {
      const created = await needApi().createSubscription(input);
      audit('webhook.create', null, `Webhook subscription ${created.id} created`);
      return created;
    },
    'webhooks.update': async ({ id, changes }) => {
      const updated = await needApi().updateSubscription(id, changes);
      audit('webhook.update', null, `Webhook subscription ${id} changed`);
      return updated;
    },
    'webhooks.remove': async ({ id }) => {
      await needApi().deleteSubscription(id);
      audit('webhook.remove', null, `Webhook subscription ${id} removed`);
      return OK;
    },

    // A case's trail (its environment checked by the guard), else the active environment's.
    'audit.list': ({ caseId }) =>
      historyOf(
        deps.auditLog,
        caseId !== undefined ? { caseId } : { profileId: deps.activeProfileId() ?? '' },
      ),
  };
}
