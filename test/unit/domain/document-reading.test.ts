import { describe, expect, it } from 'vitest';
import { readingKindOf } from '../../../shared/domain/document-reading.js';
import {
  ENTITY_DOC_GROUPS,
  ENTITY_DOC_TYPES,
  INDIVIDUAL_DOC_GROUPS,
  INDIVIDUAL_DOC_TYPES,
} from '../../../server/fixtures/lookups.js';

const pair = (types: typeof ENTITY_DOC_TYPES, name: string) => {
  const t = types.find((x) => x.name === name)!;
  return { groupId: t.docID, typeId: t.id };
};

describe('which documents are read at the desk', () => {
  it('dates and matches every proof of address, by its group’s name', () => {
    for (const name of ['Utility bill', 'Lease agreement', 'Bank statement showing the address'])
      expect(
        readingKindOf([pair(ENTITY_DOC_TYPES, name)], ENTITY_DOC_GROUPS, ENTITY_DOC_TYPES, 'entity'),
      ).toBe('proof-of-address');
    for (const name of ['Utility bill', 'Bank statement', 'Lease agreement'])
      expect(
        readingKindOf(
          [pair(INDIVIDUAL_DOC_TYPES, name)],
          INDIVIDUAL_DOC_GROUPS,
          INDIVIDUAL_DOC_TYPES,
          'person',
        ),
      ).toBe('proof-of-address');
  });

  it('checks an entity’s CIPC registration certificate, by its type’s name', () => {
    const cor = pair(ENTITY_DOC_TYPES, 'Registration certificate (CoR 14.3)');
    expect(readingKindOf([cor], ENTITY_DOC_GROUPS, ENTITY_DOC_TYPES, 'entity')).toBe(
      'registration-certificate',
    );
    const ck1 = [...ENTITY_DOC_TYPES, { id: 99, docID: 1, name: 'Founding statement (CK1)', active: true }];
    expect(readingKindOf([{ groupId: 1, typeId: 99 }], ENTITY_DOC_GROUPS, ck1, 'entity')).toBe(
      'registration-certificate',
    );
  });

  it('reads nothing else, and follows the names whatever the ids', () => {
    expect(
      readingKindOf(
        [pair(ENTITY_DOC_TYPES, 'Memorandum of Incorporation (CoR 15.1)')],
        ENTITY_DOC_GROUPS,
        ENTITY_DOC_TYPES,
        'entity',
      ),
    ).toBeNull();
    expect(
      readingKindOf(
        [pair(INDIVIDUAL_DOC_TYPES, 'Passport')],
        INDIVIDUAL_DOC_GROUPS,
        INDIVIDUAL_DOC_TYPES,
        'person',
      ),
    ).toBeNull();
    const renumbered = INDIVIDUAL_DOC_GROUPS.map((g) => ({ ...g, id: g.id + 40 }));
    const types = INDIVIDUAL_DOC_TYPES.map((t) => ({ ...t, id: t.id + 40, docID: t.docID + 40 }));
    const bill = types.find((t) => t.name === 'Utility bill')!;
    expect(readingKindOf([{ groupId: bill.docID, typeId: bill.id }], renumbered, types, 'person')).toBe(
      'proof-of-address',
    );
  });
});
