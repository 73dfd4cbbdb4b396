// Bank account verification (individual-api.md, contract §9): magic account numbers, 404 for an
// unknown or another partner's individual, 400 for a bad body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankAccountVerificationResponseSchema } from '../../../shared/api/bank.js';
import { createPartner, expectStatus, isErrorBody, startTestSandbox, type TestSandbox } from './helpers.js';

let t: TestSandbox;
let individualId: string;

beforeAll(async () => {
  t = await startTestSandbox();
  const created = await expectStatus(
    t.api.post<{ id: string }>('/api/v1/individual', {
      firstName: 'Sipho',
      lastName: 'Dlamini',
      clientSACitizen: true,
      idNumber: '8001015009087',
    }),
    201,
  );
  individualId = created.body.id;
});
afterAll(async () => {
  await t.stop();
});

const path = (id: string) => `/api/v1/services/individual/${id}/bank-account-verification`;
const body = (accountNumber: string) => ({
  accountNumber,
  branchCode: '250655',
  accountType: 'current',
  bankName: 'Sandbox Bank',
});

describe('bank account verification', () => {
  it('verifies an ordinary account number', async () => {
    const res = await expectStatus(t.api.post(path(individualId), body('62001234567')), 200);
    expect(BankAccountVerificationResponseSchema.parse(res.body)).toEqual({
      verified: true,
      accountExists: true,
      accountOpen: true,
      holderMatches: true,
      acceptsDebits: true,
      acceptsCredits: true,
    });
  });

  it('reports a holder mismatch for a number ending in 0 and no account for one ending in 9', async () => {
    const mismatch = await expectStatus(t.api.post(path(individualId), body('62001234560')), 200);
    expect(mismatch.body).toMatchObject({ verified: false, accountExists: true, holderMatches: false });
    expect(typeof mismatch.body.reason).toBe('string');
    const missing = await expectStatus(t.api.post(path(individualId), body('62001234569')), 200);
    expect(missing.body).toMatchObject({ verified: false, accountExists: false });
  });

  it('answers 404 for an unknown or foreign individual and 400 for a bad body', async () => {
    const unknown = await t.api.post(path('00000000-0000-4000-8000-000000000000'), body('62001234567'));
    expect(unknown.status).toBe(404);
    expect(isErrorBody(unknown.body, 404)).toBe(true);
    const other = await createPartner(t.url, { balance: 50 });
    expect((await other.client.post(path(individualId), body('62001234567'))).status).toBe(404);
    const bad = await t.api.post(path(individualId), {
      accountNumber: 'abc',
      branchCode: '250655',
      accountType: 'cheque',
    });
    expect(bad.status).toBe(400);
    expect(isErrorBody(bad.body, 400)).toBe(true);
  });
});
