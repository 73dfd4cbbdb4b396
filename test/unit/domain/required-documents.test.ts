import { describe, expect, it } from 'vitest';
import {
  documentChecklist,
  isProvisionalBand,
  missingRequiredGroups,
  requiredEntityDocGroups,
  requiredIndividualDocGroups,
  typesForGroup,
  type EntityDocGroupLike,
  type IndividualDocGroupLike,
} from '../../../shared/domain/documents.js';

const entityGroups: EntityDocGroupLike[] = [
  {
    id: 1,
    name: 'Company registration',
    active: true,
    requiredLowRisk: true,
    requiredMediumRisk: true,
    requiredHighRisk: true,
    descriptionLowRisk: 'CIPC registration certificate',
    descriptionMediumRisk: 'Certificate and memorandum',
    descriptionHighRisk: 'Certified certificate and memorandum',
  },
  {
    id: 2,
    name: 'Proof of address',
    active: true,
    requiredLowRisk: false,
    requiredMediumRisk: true,
    requiredHighRisk: true,
    descriptionLowRisk: null,
    descriptionMediumRisk: 'Utility bill under 3 months',
    descriptionHighRisk: 'Utility bill under 3 months',
  },
  {
    id: 3,
    name: 'Old group',
    active: false,
    requiredLowRisk: true,
    requiredMediumRisk: true,
    requiredHighRisk: true,
  },
];

const individualGroups: IndividualDocGroupLike[] = [
  {
    id: 10,
    name: 'Identity document',
    active: true,
    lowRiskRequired: true,
    mediumRiskRequired: true,
    highRiskRequired: true,
    lowRiskDescription: 'Green ID book or smart ID card',
    mediumRiskDescription: 'ID',
    highRiskDescription: 'Certified ID',
  },
  {
    id: 11,
    name: 'Source of wealth',
    active: true,
    lowRiskRequired: false,
    mediumRiskRequired: false,
    highRiskRequired: true,
    lowRiskDescription: null,
    mediumRiskDescription: null,
    highRiskDescription: 'Bank statements for 6 months',
  },
];

const types = [
  { id: 100, docID: 1, name: 'CoR14.3' },
  { id: 101, docID: 1, name: 'Old form', active: false },
  { id: 102, docID: 2, name: 'Utility bill', active: true },
  { id: 110, docID: 10, name: 'Smart ID card' },
  { id: 111, docID: 11, name: 'Bank statement' },
];

describe('required documents for a band', () => {
  it('takes active entity groups whose band flag is set, with the band description', () => {
    expect(requiredEntityDocGroups('Low Risk', entityGroups)).toEqual([
      { groupId: 1, name: 'Company registration', description: 'CIPC registration certificate' },
    ]);
    expect(requiredEntityDocGroups('High Risk', entityGroups).map((g) => g.groupId)).toEqual([1, 2]);
    expect(requiredEntityDocGroups('Medium Risk', entityGroups)[1]?.description).toBe(
      'Utility bill under 3 months',
    );
  });

  it('reads the individual field names for UBO groups', () => {
    expect(requiredIndividualDocGroups('Low Risk', individualGroups)).toEqual([
      { groupId: 10, name: 'Identity document', description: 'Green ID book or smart ID card' },
    ]);
    expect(requiredIndividualDocGroups('High Risk', individualGroups).map((g) => g.name)).toEqual([
      'Identity document',
      'Source of wealth',
    ]);
  });

  it('offers only the active types of the group', () => {
    expect(typesForGroup(1, types).map((t) => t.name)).toEqual(['CoR14.3']);
    expect(typesForGroup(2, types).map((t) => t.id)).toEqual([102]);
    expect(typesForGroup(99, types)).toEqual([]);
  });

  it('marks what is on file and lists what is missing', () => {
    const checklist = documentChecklist('entity', 'High Risk', entityGroups, types, [{ groupId: 1 }]);
    expect(checklist.map((i) => [i.name, i.onFile, i.types.length, i.provisional])).toEqual([
      ['Company registration', true, 1, false],
      ['Proof of address', false, 1, false],
    ]);
    expect(
      missingRequiredGroups('entity', 'High Risk', entityGroups, [{ groupId: 1 }]).map((g) => g.name),
    ).toEqual(['Proof of address']);
    expect(missingRequiredGroups('individual', 'Low Risk', individualGroups, [{ groupId: 10 }])).toEqual([]);
  });

  it('uses the low band provisionally while the band is Undetermined', () => {
    const checklist = documentChecklist('individual', 'Undetermined', individualGroups, types, []);
    expect(isProvisionalBand('Undetermined')).toBe(true);
    expect(checklist).toEqual([
      {
        groupId: 10,
        name: 'Identity document',
        description: 'Green ID book or smart ID card',
        types: [{ id: 110, docID: 10, name: 'Smart ID card' }],
        onFile: false,
        provisional: true,
      },
    ]);
  });
});
