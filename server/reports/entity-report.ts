// The entity's FICA report: what a reviewer reads before and after the decision.
import type { Entity } from '../store/entities.js';
import type { Ubo } from '../store/ubos.js';
import type { StoredDocument } from '../store/documents.js';
import type { EntityTrust } from '../store/trusts.js';
import {
  COUNTRIES,
  ENTITY_DOC_GROUPS,
  ENTITY_DOC_TYPES,
  FUNDING_SOURCES,
  INDIVIDUAL_DOC_GROUPS,
  INDIVIDUAL_DOC_TYPES,
  INDUSTRIES,
  SOURCES_OF_WEALTH,
  TRANSACTION_FREQUENCIES,
  TRANSACTION_TYPES,
  type EntityType,
} from '../fixtures/lookups.js';
import { personName } from '../../shared/domain/person-name.js';
import type { ScreeningResult } from '../providers/screening.js';
import { ReportWriter } from './report-writer.js';
import { drawOwnershipTree, type TreeBox, type TreeBoxKind } from './ownership-tree.js';
import { trustsOutsideTree } from '../services/entity-risk.js';
import { date, dateTime, lookupName, percent, size, yesNo } from './format.js';

export interface EntityReportData {
  entity: Entity;
  entityType: EntityType;
  partnerName: string;
  ubos: Ubo[];
  uboDocuments: Map<string, StoredDocument[]>;
  entityDocuments: StoredDocument[];
  trusts: EntityTrust[];
  generatedAt: Date;
}

const uboName = (u: Pick<Ubo, 'firstName' | 'lastName'>): string => personName(u, '');

function roles(u: Ubo): string {
  const list: string[] = [];
  if (u.isDirector) list.push('Director');
  if (u.isShareholder) list.push('Shareholder');
  if (u.isTrustMember) list.push('Trust member');
  const trustTypes = parseTypeNames(u.trustRelatedPartyTypes);
  if (trustTypes.length > 0) list.push(...trustTypes);
  return list.join(', ') || '-';
}

function parseTypeNames(text: string | null): string[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed)
      ? parsed.flatMap((t) =>
          typeof t === 'object' && t !== null && typeof (t as { name?: unknown }).name === 'string'
            ? [(t as { name: string }).name]
            : [],
        )
      : [];
  } catch {
    return [];
  }
}

function screeningSummary(result: ScreeningResult | null): string {
  if (!result) return 'Not screened yet';
  const parts: string[] = [];
  const sanctions = result.matchedEntities.filter((m) => m.matchType === 'Sanctions').length;
  const peps = result.matchedEntities.filter((m) => m.matchType === 'PEP').length;
  if (sanctions) parts.push(`${sanctions} sanctions match${sanctions > 1 ? 'es' : ''}`);
  if (peps) parts.push(`${peps} PEP match${peps > 1 ? 'es' : ''}`);
  if (result.webSearchResults.length)
    parts.push(
      `${result.webSearchResults.length} adverse media result${result.webSearchResults.length > 1 ? 's' : ''}`,
    );
  return parts.join(', ') || 'No matches';
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * The stored processed tree (service field names) as boxes to draw. The Root box states the entity's
 * band as the risk page does: the band of the record, not the one the tree was verified with.
 */
function toTreeBox(node: Obj, entityBand: string, extraTrusts: readonly EntityTrust[] = []): TreeBox {
  const kind = (
    ['Root', 'Entity', 'Trust', 'Individual'].includes(str(node.shareholderType))
      ? str(node.shareholderType)
      : 'Entity'
  ) as TreeBoxKind;
  const title =
    kind === 'Individual'
      ? `${str(node.firstName)} ${str(node.lastName)}`.trim()
      : kind === 'Trust'
        ? str(node.shareholderTrustName)
        : str(node.shareholderEntityName);
  const lines: string[] = [];
  if (kind !== 'Root') {
    lines.push(
      `Share ${percent(str(node.shareholderPercentage) || null)}  UBO ${percent(str(node.uboPercentage) || null)}`,
    );
  } else {
    lines.push(`Risk: ${entityBand}`);
  }
  const types = parseTypeNames(
    typeof node.trustRelatedPartyTypes === 'string' ? node.trustRelatedPartyTypes : null,
  );
  if (types.length) lines.push(types.join(', '));
  if (node.isDirector === true) lines.push('Director');
  const children = Array.isArray(node.children)
    ? node.children.filter(isObj).map((child) => toTreeBox(child, entityBand))
    : [];
  // Trusts added in the dashboard hold shares of the entity itself, so they are drawn under the Root.
  for (const t of extraTrusts) {
    children.push({
      kind: 'Trust',
      title: t.trustName || '(unnamed)',
      lines: [`Share ${percent(t.sharePercentage)}  UBO ${percent(t.uboPercentage)}`],
      children: [],
    });
  }
  return { kind, title: title || '(unnamed)', lines, children };
}

export async function renderEntityReport(data: EntityReportData): Promise<Buffer> {
  const { entity, entityType, ubos } = data;
  // One band for the whole report: the diagram's Root and the risk page both state this one.
  const band = entity.riskStatus;
  const writer = new ReportWriter(
    `FICA report ${entity.regName}`,
    `FICA report ${entity.regName} (${entity.id})`,
  );
  writer.title(
    'FICA onboarding report',
    `${entity.regName}  ·  ${data.partnerName}  ·  generated ${dateTime(data.generatedAt.toISOString())}`,
  );

  writer.heading('Entity');
  writer.keyValues([
    ['Registered name', entity.regName],
    ['Registration number', entity.regNumber],
    ['Entity type', `${entityType.name}${entityType.foreignEntityType ? ' (foreign)' : ''}`],
    [
      'Registry name',
      entity.registryCommercialName ??
        (entityType.foreignEntityType
          ? 'No registry look-up for foreign entities'
          : 'Not found in the registry'),
    ],
    ['Client reference', entity.clientReference],
    ['External system id', entity.externalSystemId],
    ['Record id', entity.id],
    ['Created', dateTime(entity.createdAt)],
    ['Last updated', dateTime(entity.lastUpdated)],
  ]);

  writer.heading('Business details (KYB)');
  const k = entity.kyb;
  if (!k) {
    writer.paragraph('The KYB details have not been captured yet.', { muted: true });
  } else {
    const countries = (k.countriesTransactedWith ?? []).map((id) => {
      const c = COUNTRIES.find((row) => row.id === id);
      return c ? `${c.name}${c.highRisk ? ' (high risk)' : ''}` : `Unknown (${id})`;
    });
    writer.keyValues([
      ['Trading name', k.sameEntityName ? `${entity.regName} (same as registered)` : k.entityTradingName],
      ['Telephone', k.entityTelNumber],
      [
        'Physical address',
        [k.physicalAddress1, k.physicalAddress2, k.physicalAddress3, k.zipCode].filter(Boolean).join(', '),
      ],
      ['Country', lookupName(COUNTRIES, k.addressCountry)],
      ['Countries transacted with', countries.join(', ')],
      [
        'Industry',
        `${lookupName(INDUSTRIES, k.entityIndustry)}${k.entityIndustryDescription ? ` - ${k.entityIndustryDescription}` : ''}`,
      ],
      ['Transaction frequency', lookupName(TRANSACTION_FREQUENCIES, k.transactionFrequency)],
      ['Transaction type', lookupName(TRANSACTION_TYPES, k.transactionType)],
      [
        'Source of funds',
        `${lookupName(FUNDING_SOURCES, k.transactionFundingSource)}${k.sourceFundingDescription ? ` - ${k.sourceFundingDescription}` : ''}`,
      ],
      [
        'Source of wealth',
        `${lookupName(SOURCES_OF_WEALTH, k.transactionSourceWealth)}${k.sourceWealthDescription ? ` - ${k.sourceWealthDescription}` : ''}`,
      ],
      [
        'Transactions consistent',
        k.transactionConsistent === undefined
          ? '-'
          : k.transactionConsistent === 'true'
            ? 'Yes'
            : `No${k.transactionInconsistantReason ? ` - ${k.transactionInconsistantReason}` : ''}`,
      ],
      [
        'Additional verification',
        `${yesNo(k.additionalVerification)}${k.additionalVerificationReason ? ` - ${k.additionalVerificationReason}` : ''}`,
      ],
      ['Details confirmed', yesNo(k.entityDetailsConfirmed)],
    ]);
  }

  writer.heading('Screening');
  writer.keyValues([
    ['Entity screening', screeningSummary(entity.sanctionsResults)],
    ['Review completed', yesNo(entity.sanctionSearchCompleted)],
    ['Adverse results need attention', yesNo(entity.adverseSearchKYC)],
  ]);
  writer.table(
    [
      { header: 'Person', width: 0.3 },
      { header: 'Screening', width: 0.4 },
      { header: 'PEP review', width: 0.15 },
      { header: 'Adverse', width: 0.15 },
    ],
    ubos.map((u) => [
      uboName(u),
      screeningSummary(u.screening),
      u.pepConfirmed ? 'Completed' : 'Pending',
      yesNo(u.adverseSearchKYC),
    ]),
    'No people registered.',
  );

  writer.heading('Ownership');
  const root = entity.organigram?.[0];
  if (entityType.showOrganigram) {
    if (isObj(root)) {
      drawOwnershipTree(writer, toTreeBox(root, band, trustsOutsideTree(entity, data.trusts)));
      if (data.trusts.length > 0) {
        writer.table(
          [
            { header: 'Trust', width: 0.4 },
            { header: 'Share', width: 0.2 },
            { header: 'UBO share', width: 0.2 },
            { header: 'Status', width: 0.2 },
          ],
          data.trusts.map((t) => [
            t.trustName,
            percent(t.sharePercentage),
            percent(t.uboPercentage),
            t.trustStatus,
          ]),
        );
      }
    } else {
      writer.paragraph('The ownership tree has not been verified yet.', { muted: true });
    }
  } else {
    writer.paragraph('Flat list of directors and owners (this entity type has no ownership tree).', {
      muted: true,
    });
    writer.table(
      [
        { header: 'Name', width: 0.4 },
        { header: 'Roles', width: 0.4 },
        { header: 'Share', width: 0.2 },
      ],
      ubos.map((u) => [uboName(u), roles(u), percent(u.shareholderPercentage)]),
      'No directors or owners registered.',
    );
  }

  // On path B the Root's summary carries each person's effective share through the layers.
  const effective = new Map<string, number>();
  if (isObj(root) && Array.isArray(root.ubos)) {
    for (const item of root.ubos) {
      if (isObj(item) && typeof item.uboID === 'string' && typeof item.shareholderPercentage === 'number')
        effective.set(item.uboID, item.shareholderPercentage);
    }
  }
  const shareText = (u: Ubo): string => {
    const own = percent(u.shareholderPercentage);
    const eff = effective.get(u.id);
    return eff === undefined || String(eff) === u.shareholderPercentage
      ? own
      : `${own} (effective ${percent(eff)})`;
  };

  writer.heading('Beneficial owners (UBOs)');
  writer.table(
    [
      { header: 'Name', width: 0.2 },
      { header: 'Roles', width: 0.2 },
      { header: 'Share', width: 0.13 },
      { header: 'Band', width: 0.18 },
      { header: 'Documents', width: 0.14 },
      { header: 'Status', width: 0.15 },
    ],
    ubos.map((u) => [
      uboName(u),
      roles(u),
      shareText(u),
      u.riskStatus,
      u.docsUploadedReviewed ? 'Confirmed' : `${data.uboDocuments.get(u.id)?.length ?? 0} on file`,
      u.ficaStatus,
    ]),
    'No UBOs registered.',
  );

  writer.heading('Documents on file');
  writer.table(
    [
      { header: 'Entity document', width: 0.3 },
      { header: 'Type', width: 0.28 },
      { header: 'File', width: 0.24 },
      { header: 'Uploaded', width: 0.18 },
    ],
    data.entityDocuments.map((d) => [
      lookupName(ENTITY_DOC_GROUPS, d.groupId),
      lookupName(ENTITY_DOC_TYPES, d.typeId),
      `${d.filename} (${size(d.size)})`,
      date(d.uploadDate),
    ]),
    'No entity documents on file.',
  );
  const personDocs = ubos.flatMap((u) =>
    (data.uboDocuments.get(u.id) ?? []).map((d) => [
      uboName(u),
      `${lookupName(INDIVIDUAL_DOC_GROUPS, d.groupId)}: ${lookupName(INDIVIDUAL_DOC_TYPES, d.typeId)}`,
      `${d.filename} (${size(d.size)})`,
      date(d.uploadDate),
    ]),
  );
  writer.table(
    [
      { header: 'Person', width: 0.22 },
      { header: 'Document', width: 0.36 },
      { header: 'File', width: 0.24 },
      { header: 'Uploaded', width: 0.18 },
    ],
    personDocs,
    'No UBO documents on file.',
  );

  writer.heading('Risk');
  writer.keyValues([
    ['Risk band', band],
    ['Score', entity.riskScore === null ? '-' : String(entity.riskScore)],
    ['Reason', entity.riskReason ?? 'Not assessed yet: the band is set when the shareholding is confirmed'],
    ['Shareholding confirmed', yesNo(entity.shareholdersAdminConfirmed)],
    ['Entity documents confirmed', yesNo(entity.docsUploadedReviewed)],
  ]);

  writer.heading('Onboarding decision');
  writer.keyValues([
    ['Decision', entity.onboardingDecision],
    ['FICA status', entity.ficaStatus],
    ['Approved comments', entity.approvedComments],
    ['Declined comments', entity.declinedComments],
    ['Referral comments', entity.referComments],
    ['Approval date', date(entity.approvalDate)],
    ['Next FICA review', date(entity.nextFicaReviewDate)],
  ]);

  return writer.finish();
}
