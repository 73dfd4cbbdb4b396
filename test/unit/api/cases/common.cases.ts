import type { CaseTable } from './runner.js';
import { ENTITY_ID } from './ids.js';

export const commonCases: CaseTable = {
  UuidSchema: {
    valid: [ENTITY_ID],
    invalid: [
      { why: 'not a UUID', value: 'entity-1', path: [] },
      { why: 'a number', value: 42, path: [] },
    ],
  },
  IsoDateTimeSchema: {
    valid: ['2025-03-01T10:15:00Z', '2025-03-01T12:15:00.123+02:00'],
    invalid: [
      { why: 'a plain date', value: '2025-03-01', path: [] },
      { why: 'free text', value: 'next March', path: [] },
    ],
  },
  IsoDateSchema: {
    valid: ['2025-03-01'],
    invalid: [
      { why: 'a date-time', value: '2025-03-01T10:15:00Z', path: [] },
      { why: 'an impossible month', value: '2025-13-01', path: [] },
    ],
  },
  BoolTextSchema: {
    valid: ['true', 'false'],
    invalid: [
      { why: 'a real boolean', value: true, path: [] },
      { why: 'other text', value: 'yes', path: [] },
      { why: 'capitalised text', value: 'True', path: [] },
    ],
  },
  LookupIdSchema: {
    valid: [1, 42],
    invalid: [
      { why: 'zero', value: 0, path: [] },
      { why: 'a fraction', value: 1.5, path: [] },
      { why: 'a numeric string', value: '3', path: [] },
    ],
  },
  PageQuerySchema: {
    valid: [{}, { take: '100', skip: '0' }, { take: 1, skip: 200 }],
    invalid: [
      { why: 'take=101', value: { take: '101' }, path: ['take'] },
      { why: 'take=0', value: { take: '0' }, path: ['take'] },
      { why: 'negative skip', value: { skip: '-1' }, path: ['skip'] },
      { why: 'fractional skip', value: { skip: '1.5' }, path: ['skip'] },
      { why: 'non-numeric take', value: { take: 'all' }, path: ['take'] },
    ],
  },
  RiskBandSchema: {
    valid: ['Low Risk', 'Medium Risk', 'High Risk'],
    invalid: [
      { why: 'Undetermined is not a band', value: 'Undetermined', path: [] },
      { why: 'lower case', value: 'low risk', path: [] },
    ],
  },
  RiskDescriptionSchema: {
    valid: ['Undetermined', 'High Risk'],
    invalid: [{ why: 'an unknown band', value: 'Extreme Risk', path: [] }],
  },
  OnboardingDecisionSchema: {
    valid: ['Approved', 'Declined', 'Refer', 'In Progress'],
    invalid: [
      { why: 'Referred is not the published value', value: 'Referred', path: [] },
      { why: 'lower case', value: 'approved', path: [] },
    ],
  },
  SuccessResponseSchema: {
    valid: [{ success: true }, { success: false, extra: 1 }],
    invalid: [
      { why: 'success missing', value: {}, path: ['success'] },
      { why: 'success as text', value: { success: 'true' }, path: ['success'] },
    ],
  },
  MessageResponseSchema: {
    valid: [{ message: 'Entity onboarded' }],
    invalid: [{ why: 'message missing', value: { msg: 'x' }, path: ['message'] }],
  },
  UnshownAnswerSchema: {
    valid: [{}, { message: 'UBO removed', uboID: 'x' }, ''],
    invalid: [
      { why: 'a bare number', value: 12345, path: [] },
      { why: 'text other than no body', value: 'done', path: [] },
    ],
  },
  NoContentSchema: {
    valid: [''],
    invalid: [{ why: 'a body', value: {}, path: [] }],
  },
};
