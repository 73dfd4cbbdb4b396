import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_LABELS, inScreenWords } from '../../../shared/domain/field-labels.js';
import { humanise } from '../../../renderer/lib/forms.js';

const names = Object.keys(FIELD_LABELS);

describe('messages name fields as the screens do', () => {
  it('replaces a service field name anywhere in a message with its label', () => {
    expect(inScreenWords('Entity was refused by the service: entityRegNumber is not a valid number')).toBe(
      'Entity was refused by the service: Registration number is not a valid number',
    );
  });

  it('leaves no known field name in any message built around them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 4 }),
        fc.string(),
        (used, filler) => {
          const text = inScreenWords(used.map((n) => `${n} ${filler.replace(/\w/g, '')}`).join(' and '));
          for (const n of used) expect(text).not.toMatch(new RegExp(`\\b${n}\\b`));
        },
      ),
    );
  });

  it('does not touch words that merely contain a field name', () => {
    expect(inScreenWords('The idNumbers list and firstNameX stay')).toBe(
      'The idNumbers list and firstNameX stay',
    );
  });

  it('under its own field, a "<field> must …" message drops the field name', () => {
    expect(humanise('shareholderPercentage must be at most 100')).toBe('Must be at most 100');
    expect(humanise('shareholderPercentage must be a number as text, e.g. "25.5"')).toBe(
      'Must be a number, e.g. "25.5"',
    );
  });
});
