// Required documents of an entity, a person or an individual client: the service's band when it
// has given one, else the band predicted with shared/domain, marked provisional.
import type { RiskDescription } from '../../../shared/api/index.js';
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import type { Checklist, ChecklistItem, DocumentOwner, DocumentState } from '../../../shared/ipc/model.js';
import { documentChecklist, personBand } from '../../../shared/domain/index.js';
import type { OwnerDocuments, StoredDocument } from './store/documents.js';
import type { StoredUbo } from './store/people.js';
import type { IndividualData } from './case-data.js';

export interface BandView {
  band: RiskDescription;
  /** True while the band is the client's prediction rather than the service's answer. */
  provisional: boolean;
}

/** The key of a document's owner among a case's owners: its kind, or the person. */
export const ownerKey = (owner: DocumentOwner): string =>
  owner.kind === 'ubo' ? `ubo:${owner.uboId}` : owner.kind;

/** The facts of `docs` (one owner's, in the order captured). */
export function ownerDocumentsOf(docs: readonly StoredDocument[]): OwnerDocuments {
  const groups = new Map<number, Partial<Record<DocumentState, number>>>();
  const failures = new Map<number, string | null>();
  for (const d of docs) {
    if (d.removed) continue;
    for (const { groupId } of d.pairs) {
      const counts = groups.get(groupId) ?? {};
      counts[d.state] = (counts[d.state] ?? 0) + 1;
      groups.set(groupId, counts);
      if (d.state === 'failed') failures.set(groupId, d.error);
    }
  }
  return { groups, lastFailure: (groupId) => failures.get(groupId) ?? null };
}

const count = (counts: Readonly<Partial<Record<DocumentState, number>>> | undefined, state: DocumentState) =>
  counts?.[state] ?? 0;

/** How many of the group's documents were not refused (captured here, or on the service). */
const notFailed = (counts: Readonly<Partial<Record<DocumentState, number>>> | undefined) =>
  Object.entries(counts ?? {}).reduce((sum, [state, n]) => (state === 'failed' ? sum : sum + (n ?? 0)), 0);

/** Captured here or on the service: a refused or discarded document does not fill its group. */
const groupsOnFile = (docs: OwnerDocuments) =>
  [...docs.groups].filter(([, counts]) => notFailed(counts) > 0).map(([groupId]) => ({ groupId }));

/** The words the queue writes on a document a person cancelled or discarded (not the service's). */
const NOT_SENT = /^Not sent:/;

function groupStatus(groupId: number, docs: OwnerDocuments): Pick<ChecklistItem, 'status' | 'problem'> {
  const counts = docs.groups.get(groupId);
  if (count(counts, 'on-file') > 0) return { status: 'sent', problem: null };
  if (notFailed(counts) > 0) return { status: 'captured', problem: null };
  if (count(counts, 'failed') === 0) return { status: 'missing', problem: null };
  const problem = docs.lastFailure(groupId);
  return { status: problem && NOT_SENT.test(problem) ? 'not-sent' : 'refused', problem };
}

/** Only what the service holds: for deciding whether a confirm may be sent. */
export const groupsUploaded = (docs: OwnerDocuments) =>
  [...docs.groups].filter(([, counts]) => count(counts, 'on-file') > 0).map(([groupId]) => ({ groupId }));

function toChecklist(
  view: BandView,
  items: ReturnType<typeof documentChecklist>,
  docs: OwnerDocuments,
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

export function entityChecklist(band: BandView, lookups: LookupBundle, docs: OwnerDocuments): Checklist {
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

export function personChecklist(band: BandView, lookups: LookupBundle, docs: OwnerDocuments): Checklist {
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
  docs: OwnerDocuments,
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
