import type { CaseTable } from './runner.js';

const request = {
  accountNumber: '62001234561',
  branchCode: '250655',
  accountType: 'current',
  bankName: 'FNB',
};
const response = {
  verified: true,
  accountExists: true,
  accountOpen: true,
  holderMatches: true,
  acceptsDebits: true,
  acceptsCredits: true,
};

export const bankCases: CaseTable = {
  BankAccountVerificationRequestSchema: {
    valid: [request, { accountNumber: '123456', branchCode: '250655', accountType: 'transmission' }],
    invalid: [
      {
        why: 'account number with letters',
        value: { ...request, accountNumber: '6200A' },
        path: ['accountNumber'],
      },
      {
        why: 'account number too short',
        value: { ...request, accountNumber: '12345' },
        path: ['accountNumber'],
      },
      {
        why: 'account number too long',
        value: { ...request, accountNumber: '12345678901234567' },
        path: ['accountNumber'],
      },
      { why: 'unknown account type', value: { ...request, accountType: 'cheque' }, path: ['accountType'] },
      { why: 'branch code as a number', value: { ...request, branchCode: 250655 }, path: ['branchCode'] },
    ],
  },
  BankAccountVerificationResponseSchema: {
    valid: [response, { verified: false, accountExists: false, reason: 'Account not found' }],
    invalid: [{ why: 'verified missing', value: { accountExists: true }, path: ['verified'] }],
  },
};
