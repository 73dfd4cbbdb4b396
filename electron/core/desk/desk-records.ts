// The service's list items in the words the desk shows them.
import type { EntityListItem, IndividualListItem } from '../../../shared/api/index.js';
import type { DeskRow } from '../../../shared/ipc/desk-model.js';

const joinName = (first: string | null | undefined, last: string | null | undefined): string =>
  [first, last].filter((p) => p && p.trim()).join(' ') || '(no name)';

export function entityRow(item: EntityListItem): Omit<DeskRow, 'caseId'> {
  return {
    kind: 'entity',
    serverId: item.id,
    name: item.entityRegName,
    number: item.entityRegNumber,
    clientReference: item.clientReference ?? null,
    ficaStatus: item.ficaStatus,
    riskDescription: item.riskDescription,
    onboardingDecision: item.onboardingDecision ?? null,
    lastUpdated: item.lastUpdated ?? null,
  };
}

export function individualRow(item: IndividualListItem): Omit<DeskRow, 'caseId'> {
  return {
    kind: 'individual',
    serverId: item.ficaIndividualGUID,
    name: joinName(item.firstName, item.lastName),
    number: item.identificationNumber ?? item.passportNumber ?? null,
    clientReference: item.clientReference ?? null,
    ficaStatus: item.ficaStatus ?? '',
    riskDescription: item.riskDescription ?? '',
    onboardingDecision: null,
    lastUpdated: item.lastUpdated ?? null,
  };
}
