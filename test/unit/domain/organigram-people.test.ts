import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicatePeople, type TreePerson } from '../../../shared/domain/organigram-people.js';

const person = (guid: string, extra: Partial<TreePerson> = {}): TreePerson => ({
  guid,
  name: guid,
  uboID: null,
  parent: 'root',
  ...extra,
});

describe('duplicate people in the ownership tree', () => {
  it('flags two new nodes with the same ID number', () => {
    const issues = duplicatePeople([
      person('Ann', { idNumber: '8001015009087' }),
      person('Ann again', { idNumber: '8001015009087' }),
    ]);
    expect(issues).toEqual([
      { guid: 'Ann again', message: expect.stringMatching(/^Ann again has the same ID number as Ann/) },
    ]);
  });

  it('flags a new node with the passport number of a person already on the entity', () => {
    const issues = duplicatePeople([
      person('director', { uboID: 'u1', passportNumber: 'A123' }),
      person('new', { passportNumber: 'a 123' }),
    ]);
    expect(issues.map((i) => i.guid)).toEqual(['new']);
  });

  it('flags one person placed twice under the same holder, but not under two holders', () => {
    expect(
      duplicatePeople([person('a', { uboID: 'u1' }), person('b', { uboID: 'u1' })]).map((i) => i.guid),
    ).toEqual(['b']);
    expect(
      duplicatePeople([
        person('a', { uboID: 'u1', idNumber: '1' }),
        person('b', { uboID: 'u1', parent: 'holdco', idNumber: '1' }),
      ]),
    ).toEqual([]);
  });

  it('finds nothing when every person has their own numbers', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^\d{13}$/), { maxLength: 8 }), (ids) => {
        expect(duplicatePeople(ids.map((id, i) => person(`p${i}`, { idNumber: id })))).toEqual([]);
      }),
    );
  });
});
