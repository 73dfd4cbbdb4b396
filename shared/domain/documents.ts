// The required-document rule of entity-api.md: for a band, a group is required when it is active
// and the band's flag is true; its types are the active types whose docID is the group's id.
// Entity and individual (UBO) groups spell their fields differently, hence two readers.
import type { BandOrUndetermined, RiskBand } from './types.js';

type Text = string | null | undefined;

/** Fields of an entity document group (settings/entity-docs) that the rule reads. */
export interface EntityDocGroupLike {
  id: number;
  name: string;
  active: boolean;
  requiredLowRisk: boolean;
  requiredMediumRisk: boolean;
  requiredHighRisk: boolean;
  descriptionLowRisk?: Text;
  descriptionMediumRisk?: Text;
  descriptionHighRisk?: Text;
}

/** Fields of an individual (UBO) document group (settings/individual-docs) that the rule reads. */
export interface IndividualDocGroupLike {
  id: number;
  name: string;
  active: boolean;
  lowRiskRequired: boolean;
  mediumRiskRequired: boolean;
  highRiskRequired: boolean;
  lowRiskDescription?: Text;
  mediumRiskDescription?: Text;
  highRiskDescription?: Text;
}

/** A document type; `active` absent counts as active since the published lookup shows only docID. */
export interface DocTypeLike {
  id: number;
  docID: number;
  name?: string;
  active?: boolean;
}

export interface RequiredGroup {
  groupId: number;
  name: string;
  /** The band's helper text ('' when the lookup has none). */
  description: string;
}

/**
 * The band whose documents apply. `Undetermined` (no band from the service yet) uses the low band's
 * list as a provisional prediction; callers show it as provisional via isProvisionalBand.
 */
export function effectiveBand(band: BandOrUndetermined): RiskBand {
  return band === 'Undetermined' ? 'Low Risk' : band;
}

export function isProvisionalBand(band: BandOrUndetermined): boolean {
  return band === 'Undetermined';
}

export function requiredEntityDocGroups(
  band: BandOrUndetermined,
  groups: readonly EntityDocGroupLike[],
): RequiredGroup[] {
  const b = effectiveBand(band);
  return groups
    .filter(
      (g) =>
        g.active &&
        (b === 'Low Risk'
          ? g.requiredLowRisk
          : b === 'Medium Risk'
            ? g.requiredMediumRisk
            : g.requiredHighRisk),
    )
    .map((g) => ({
      groupId: g.id,
      name: g.name,
      description:
        (b === 'Low Risk'
          ? g.descriptionLowRisk
          : b === 'Medium Risk'
            ? g.descriptionMediumRisk
            : g.descriptionHighRisk) ?? '',
    }));
}

export function requiredIndividualDocGroups(
  band: BandOrUndetermined,
  groups: readonly IndividualDocGroupLike[],
): RequiredGroup[] {
  const b = effectiveBand(band);
  return groups
    .filter(
      (g) =>
        g.active &&
        (b === 'Low Risk'
          ? g.lowRiskRequired
          : b === 'Medium Risk'
            ? g.mediumRiskRequired
            : g.highRiskRequired),
    )
    .map((g) => ({
      groupId: g.id,
      name: g.name,
      description:
        (b === 'Low Risk'
          ? g.lowRiskDescription
          : b === 'Medium Risk'
            ? g.mediumRiskDescription
            : g.highRiskDescription) ?? '',
    }));
}

/** Active types to offer for a group. */
export function typesForGroup<T extends DocTypeLike>(groupId: number, types: readonly T[]): T[] {
  return types.filter((t) => t.docID === groupId && t.active !== false);
}

export type DocKind = 'entity' | 'individual';

export interface ChecklistItem<T extends DocTypeLike = DocTypeLike> extends RequiredGroup {
  types: T[];
  onFile: boolean;
  /** True when the list is the low band's prediction for a record whose band is still Undetermined. */
  provisional: boolean;
}

/** Anything on file that names its group: entity documents (`entityDocsID`) map to `groupId`. */
export interface OnFileLike {
  groupId: number;
}

type GroupsFor<K extends DocKind> = K extends 'entity'
  ? readonly EntityDocGroupLike[]
  : readonly IndividualDocGroupLike[];

function requiredFor<K extends DocKind>(
  kind: K,
  band: BandOrUndetermined,
  groups: GroupsFor<K>,
): RequiredGroup[] {
  return kind === 'entity'
    ? requiredEntityDocGroups(band, groups as readonly EntityDocGroupLike[])
    : requiredIndividualDocGroups(band, groups as readonly IndividualDocGroupLike[]);
}

/** Required groups of the band, each with its types and whether a document of the group is on file. */
export function documentChecklist<K extends DocKind, T extends DocTypeLike>(
  kind: K,
  band: BandOrUndetermined,
  groups: GroupsFor<K>,
  types: readonly T[],
  onFile: readonly OnFileLike[],
): Array<ChecklistItem<T>> {
  const present = new Set(onFile.map((d) => d.groupId));
  const provisional = isProvisionalBand(band);
  return requiredFor(kind, band, groups).map((g) => ({
    ...g,
    types: typesForGroup(g.groupId, types),
    onFile: present.has(g.groupId),
    provisional,
  }));
}

/** Required groups of the band with nothing on file; empty means the confirm step may run. */
export function missingRequiredGroups<K extends DocKind>(
  kind: K,
  band: BandOrUndetermined,
  groups: GroupsFor<K>,
  onFile: readonly OnFileLike[],
): RequiredGroup[] {
  const present = new Set(onFile.map((d) => d.groupId));
  return requiredFor(kind, band, groups).filter((g) => !present.has(g.groupId));
}
