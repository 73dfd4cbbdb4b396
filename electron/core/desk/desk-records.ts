// The service's list items and records in the words the desk shows them.
import type {
  EntityListItem,
  EntityRecord,
  IndividualListItem,
  IndividualRecord,
  UboRecord,
} from '../../../shared/api/index.js';
import type { DeskDocument, DeskRow } from '../../../shared/ipc/desk-model.js';
import type { TakenData } from './desk-store.js';

const joinName = (first: string | null | undefined, last: string | null | undefined): string =>
  [first, last].filter((p) => p && p.trim()).join(' ') || '(no name)';

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

export function entityRow(item: EntityListItem): DeskRow {
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

export function individualRow(item: IndividualListItem): DeskRow {
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

type View = TakenData['view'];

const decisionOf = (
  decision: string | null | undefined,
  comments: string | null,
  approvalDate: string | null,
  decidedBy: string | null,
): View['decision'] =>
  decision && decision !== 'In Progress'
    ? { onboardingDecision: decision, comments, approvalDate, decidedBy }
    : null;

export function entityView(record: EntityRecord, ubos: UboRecord[]): View {
  const documents: DeskDocument[] = record.documents.map((d) => ({
    owner: 'entity',
    docId: d.entityDocID,
    ownerName: record.entityRegName,
    filename: d.filename,
    mimeType: d.mimeType,
    size: d.size,
    uploadDate: d.uploadDate ?? null,
  }));
  for (const u of ubos)
    for (const d of u.documents)
      documents.push({
        owner: 'ubo',
        docId: d.uboDocsID,
        ownerName: joinName(u.firstName, u.lastName),
        filename: d.filename,
        mimeType: d.mimeType,
        size: d.size,
        uploadDate: d.uploadDate ?? null,
      });
  return {
    kind: 'entity',
    serverId: record.id,
    name: record.entityRegName,
    number: record.entityRegNumber,
    clientReference: record.clientReference ?? null,
    ficaStatus: record.ficaStatus,
    riskDescription: record.riskDescription,
    riskReason: record.riskReason ?? null,
    lastUpdated: record.lastUpdated ?? null,
    nextFicaReviewDate: record.nextFicaReviewDate ?? null,
    createdBy: record.userID ?? null,
    decision: decisionOf(
      record.onboardingDecision,
      record.approvedComments ?? record.declinedComments ?? record.referComments ?? null,
      record.approvalDate ?? null,
      text((record as Record<string, unknown>).approvedBy),
    ),
    people: ubos.map((u) => ({
      serverId: u.uboID,
      name: joinName(u.firstName, u.lastName),
      roles: [u.isDirector ? 'Director' : null, u.isShareholder ? 'Shareholder' : null]
        .filter(Boolean)
        .join(', '),
      ficaStatus: u.ficaStatus,
      riskStatus: u.riskStatus,
    })),
    documents,
  };
}

export function individualView(record: IndividualRecord): View {
  const name = joinName(record.firstName, record.lastName);
  const extra = record as Record<string, unknown>;
  return {
    kind: 'individual',
    serverId: record.id,
    name,
    number: record.idNumber ?? record.passportNumber ?? null,
    clientReference: record.clientRef ?? null,
    ficaStatus: record.ficaStatus,
    riskDescription: record.riskDescription,
    riskReason: record.riskReason ?? null,
    lastUpdated: record.lastUpdated ?? null,
    nextFicaReviewDate: record.nextFicaReviewDate ?? null,
    createdBy: record.userID ?? null,
    decision: decisionOf(
      record.onboardingDecision,
      record.additionalComments ?? null,
      record.approvalDate ?? null,
      text(extra.approvedBy) ?? text(extra.decidedBy),
    ),
    people: [],
    documents: record.documents.map((d) => ({
      owner: 'individual',
      docId: d.ficaIndividualDocsID,
      ownerName: name,
      filename: d.filename,
      mimeType: d.mimeType,
      size: d.size,
      uploadDate: d.uploadDate ?? null,
    })),
  };
}
