import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as bank from '../../../shared/api/bank.js';
import { BankAccountVerificationRequestSchema } from '../../../shared/api/bank.js';
import { bankCases } from './cases/bank.cases.js';
import { runCases } from './cases/runner.js';

runCases(bank, bankCases);

describe('BankAccountVerificationRequestSchema', () => {
  it('accepts exactly account numbers of 6 to 16 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,20}$/), (accountNumber) => {
        const ok = BankAccountVerificationRequestSchema.safeParse({
          accountNumber,
          branchCode: '250655',
          accountType: 'savings',
        }).success;
        expect(ok).toBe(accountNumber.length >= 6 && accountNumber.length <= 16);
      }),
    );
  });
});
