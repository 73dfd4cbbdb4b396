// One handler per channel of shared/ipc/contract.ts, made by groups that each declare the few
// services they use. The composed table's type lists every channel, so a channel added to the
// contract without a handler in some group does not compile.
import type { EnvironmentScope } from '../../cases/environment-scope.js';
import type { HandlerTable } from '../dispatch.js';
import { scopedToActiveEnvironment } from '../environment-guard.js';
import { appHandlers, type AppHandlerDeps } from './app.js';
import { captureHandlers, type CaptureHandlerDeps } from './capture.js';
import { caseHandlers, type CaseHandlerDeps } from './cases.js';
import { deskHandlers, type DeskHandlerDeps } from './desk.js';
import { documentHandlers, type DocumentHandlerDeps } from './documents.js';
import { entityHandlers, type EntityHandlerDeps } from './entity.js';
import { environmentHandlers, type EnvironmentHandlerDeps } from './environments.js';
import { individualHandlers, type IndividualHandlerDeps } from './individual.js';
import { lookupHandlers, type LookupHandlerDeps } from './lookups.js';
import { queueHandlers, type QueueHandlerDeps } from './queue.js';
import { recordHandlers, type RecordHandlerDeps } from './records.js';
import { staffHandlers, type StaffHandlerDeps } from './staff.js';

/** What each group is made with. */
export interface HandlerGroups {
  app: AppHandlerDeps;
  staff: StaffHandlerDeps;
  environments: EnvironmentHandlerDeps;
  lookups: LookupHandlerDeps;
  cases: CaseHandlerDeps;
  entity: EntityHandlerDeps;
  individual: IndividualHandlerDeps;
  capture: CaptureHandlerDeps;
  documents: DocumentHandlerDeps;
  queue: QueueHandlerDeps;
  records: RecordHandlerDeps;
  desk: DeskHandlerDeps;
}

/** Every channel's handler, each preceded by the check that its case is of the active environment. */
export function createHandlers(groups: HandlerGroups, scope: EnvironmentScope): HandlerTable {
  const table: HandlerTable = {
    ...appHandlers(groups.app),
    ...staffHandlers(groups.staff),
    ...environmentHandlers(groups.environments),
    ...lookupHandlers(groups.lookups),
    ...caseHandlers(groups.cases),
    ...entityHandlers(groups.entity),
    ...individualHandlers(groups.individual),
    ...captureHandlers(groups.capture),
    ...documentHandlers(groups.documents),
    ...queueHandlers(groups.queue),
    ...recordHandlers(groups.records),
    ...deskHandlers(groups.desk),
  };
  return scopedToActiveEnvironment(table, scope);
}
