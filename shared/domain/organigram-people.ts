// Path B: the people already on the entity (registry directors, earlier owners) placed in the tree
// by their uboID, and the checks that keep one person from becoming two UBO records.

export interface TreePerson {
  /** The node's guid. */
  guid: string;
  name: string;
  /** The service's UBO id when the node stands for a person already on the entity. */
  uboID: string | null;
  /** Parent node's guid. */
  parent: string;
  idNumber?: string | undefined;
  passportNumber?: string | undefined;
}

export interface PersonIssue {
  guid: string;
  message: string;
}

const norm = (s: string | undefined): string => (s ?? '').replace(/\s+/g, '').toUpperCase();
/** The same natural person: same uboID when known, else the node itself. */
const personKey = (p: TreePerson): string => (p.uboID ? `ubo:${p.uboID}` : `node:${p.guid}`);

/**
 * Issues to fix before sending: one person placed twice under the same holder, and two different
 * people (different uboIDs or new nodes) sharing an ID or passport number, which the service would
 * record as two UBOs of one person.
 */
export function duplicatePeople(people: readonly TreePerson[]): PersonIssue[] {
  const issues: PersonIssue[] = [];
  const seenUnder = new Map<string, TreePerson>();
  for (const p of people) {
    if (!p.uboID) continue;
    const key = `${p.parent}|${p.uboID}`;
    const first = seenUnder.get(key);
    if (first)
      issues.push({ guid: p.guid, message: `${p.name} is placed twice under the same holder: remove one` });
    else seenUnder.set(key, p);
  }
  for (const field of ['idNumber', 'passportNumber'] as const) {
    const byNumber = new Map<string, TreePerson>();
    for (const p of people) {
      const number = norm(p[field]);
      if (!number) continue;
      const first = byNumber.get(number);
      if (first && personKey(first) !== personKey(p)) {
        const what = field === 'idNumber' ? 'ID number' : 'passport number';
        issues.push({
          guid: p.guid,
          message: `${p.name} has the same ${what} as ${first.name}: if they are one person, place the existing person instead of adding a new one`,
        });
      } else if (!first) byNumber.set(number, p);
    }
  }
  return issues;
}
