// Which captured documents are read at the desk, from the names the service gives its document
// groups and types (the look-ups; ids differ between services): a proof of address (a group about
// an address: a utility bill, a bank statement, a lease) is dated and its address compared; a CIPC
// registration certificate (CoR 14.3, CK1) has its number and name checked against the entity.

export type ReadingKind = 'proof-of-address' | 'registration-certificate';

interface Named {
  id: number;
  name: string;
}
interface TypeNamed extends Named {
  docID: number;
}

const ADDRESS_GROUP = /\baddress\b|\badres\b/i;
const CERTIFICATE_TYPE =
  /\bCoR\s?14[.,]?\s?3\b|\bCK\s?1\b|registration\s+certificate|certificate\s+of\s+(?:incorporation|registration)|founding\s+statement/i;

/**
 * What reading a document with these group and type pairs asks for, or null. Certificates are an
 * entity's documents only: a person's documents are never company certificates.
 */
export function readingKindOf(
  pairs: ReadonlyArray<{ groupId: number; typeId: number }>,
  groups: readonly Named[],
  types: readonly TypeNamed[],
  owner: 'entity' | 'person',
): ReadingKind | null {
  for (const pair of pairs) {
    const type = types.find((t) => t.id === pair.typeId && t.docID === pair.groupId);
    if (owner === 'entity' && type && CERTIFICATE_TYPE.test(type.name)) return 'registration-certificate';
  }
  for (const pair of pairs) {
    const group = groups.find((g) => g.id === pair.groupId);
    if (group && ADDRESS_GROUP.test(group.name)) return 'proof-of-address';
  }
  return null;
}
