// The one naming rule of labels, waiting phrases, audit lines, reports and screens.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { personName } from '../../../shared/domain/person-name.js';

describe('personName', () => {
  it('names a person by first and last name', () => {
    expect(personName({ firstName: 'Thandi', lastName: 'Nkosi' })).toBe('Thandi Nkosi');
  });

  it('uses the one name given when the other is blank', () => {
    expect(personName({ firstName: 'Jane', lastName: ' ' })).toBe('Jane');
    expect(personName({ firstName: null, lastName: 'Mokoena' })).toBe('Mokoena');
  });

  it("says the caller's phrase for someone without a name", () => {
    expect(personName({})).toBe('this person');
    expect(personName(null)).toBe('this person');
    expect(personName({ firstName: '  ', lastName: '' }, 'Unnamed person')).toBe('Unnamed person');
  });

  it('never starts or ends with a space', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (firstName, lastName) => {
        const name = personName({ firstName, lastName }, 'x');
        expect(name).toBe(name.trim());
      }),
    );
  });
});
