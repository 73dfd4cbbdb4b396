// Required documents of an entity, a person or an individual client: the service's band when it
// has given one, else the band predicted with shared/domain, marked provisional.
import type { RiskDescription } from '../../../shared/api/index.js';
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import type { Checklist, ChecklistItem } from '../../../shared/ipc/model.js';
import { documentChecklist, personBand } from '../../../shared/domain/index.js';
import type { StoredDocument, StoredUbo } from './case-store.js';
import type { IndividualData } from './case-data.js';

export interface BandView {
  band: RiskDescription;
  /** True while the band is the client's prediction rather than the service's answer. */
  provisional: boolean;
}

/** Captured here or on the service: a refused or discarded document does not fill its group. */
const groupsOnFile = (docs: readonly StoredDocument[]) =>
  docs
    .filter((d) => !d.removed && d.state !== 'failed')
    .flatMap((d) => d.pairs.map((p) => ({ groupId: p.groupId })));

/** The words the queue writes on a document a person cancelled or discarded (not the service's). */
const NOT_SENT = /^Not sent:/;

function groupStatus(
  groupId: number,
  docs: readonly StoredDocument[],
): Pick<ChecklistItem, 'status' | 'problem'> {
  const mine = docs.filter((d) => !d.removed && d.pairs.some((p) => p.groupId === groupId));
  if (mine.some((d) => d.state === 'on-file')) return { status: 'sent', problem: null };
  if (mine.some((d) => d.state !== 'failed')) return { status: 'captured', problem: null };
  const failed = mine.at(-1);
  if (!failed) return { status: 'missing', problem: null };
  return {
    status: failed.error && NOT_SENT.test(failed.error) ? 'not-sent' : 'refused',
    problem: failed.error,
  };
}

/** Only what the service holds: for deciding whether a confirm may be sent. */
export const groupsUploaded = (docs: readonly StoredDocument[]) =>
  docs
    .filter((d) => !d.removed && d.state === 'on-file')
    .flatMap((d) => d.pairs.map((p) => ({ groupId: p.groupId })));

function toChecklist(
  view: BandView,
  items: ReturnType<typeof documentChecklist>,
  docs: readonly StoredDocument[],
): Checklist {
  return {
    band: view.band,
    provisional: view.provisional,
    items: items.map((i) => ({
      groupId: i.groupId,
      name: i.name,
      description: i.description,
      types: i.types.map((t) => ({ id: t.id, name: t.name ?? `Type ${t.id}` })),
      onFile: i.onFile,
      ...groupStatus(i.groupId, docs),
    })),
  };
}

export function entityBand(riskBand: RiskDescription): BandView {
  return { band: riskBand, provisional: riskBand === 'Undetermined' };
}

export function uboBand(ubo: StoredUbo, lookups: LookupBundle): BandView {
  if (ubo.data.pepSynced && ubo.data.riskStatus !== 'Undetermined')
    return { band: ubo.data.riskStatus, provisional: false };
  if (!ubo.data.pepReview) return { band: 'Undetermined', provisional: true };
  const band = personBand(
    {
      adverse: ubo.data.pepReview.adverseSearchKYC,
      foreignOfficial: false,
      saCitizen: ubo.data.details.clientSACitizen ?? true,
    },
    lookups.partner?.riskSettings ?? null,
  );
  return { band, provisional: true };
}

export function individualBand(data: IndividualData, lookups: LookupBundle): BandView {
  if (data.pepSynced && data.riskBand !== 'Undetermined') return { band: data.riskBand, provisional: false };
  if (!data.pepDecision) return { band: 'Undetermined', provisional: true };
  const band = personBand(
    {
      adverse: data.pepDecision.adverseSearchKYC,
      foreignOfficial: data.pepDecision.clientForeignOfficial,
      saCitizen: data.create.clientSACitizen,
    },
    lookups.partner?.riskSettings ?? null,
  );
  return { band, provisional: true };
}

export function entityChecklist(
  band: BandView,
  lookups: LookupBundle,
  docs: readonly StoredDocument[],
): Checklist {
  return toChecklist(
    band,
    documentChecklist(
      'entity',
      band.band,
      lookups.entityDocGroups,
      lookups.entityDocTypes,
      groupsOnFile(docs),
    ),
    docs,
  );
}

export function personChecklist(
  band: BandView,
  lookups: LookupBundle,
  docs: readonly StoredDocument[],
): Checklist {
  return toChecklist(
    band,
    documentChecklist(
      'individual',
      band.band,
      lookups.individualDocGroups,
      lookups.individualDocTypes,
      groupsOnFile(docs),
    ),
    docs,
  );
}

/** Names of required groups (by the given band) with nothing uploaded yet. */
export function missingUploaded(
  kind: 'entity' | 'individual',
  band: RiskDescription,
  lookups: LookupBundle,
  docs: readonly StoredDocument[],
): string[] {
  const items =
    kind === 'entity'
      ? documentChecklist(
          'entity',
          band,
          lookups.entityDocGroups,
          lookups.entityDocTypes,
          groupsUploaded(docs),
        )
      : documentChecklist(
          'individual',
          band,
          lookups.individualDocGroups,
          lookups.individualDocTypes,
          groupsUploaded(docs),
        );
  return items.filter((i) => !i.onFile).map((i) => i.name);
}
