import { describe, expect, it } from 'vitest';
import { DeskError, type AuditEntry } from '../../../shared/ipc/index.js';
import { actionLabel, actorName, historyRows } from '../../../renderer/lib/audit.js';
import {
  bankErrorText,
  bankRequestFrom,
  checkedAccountText,
  summariseBankResult,
} from '../../../renderer/lib/bank.js';
import { detailChanges, detailsFormFrom } from '../../../renderer/lib/individual-edit.js';

describe('bank account verification', () => {
  const form = { accountNumber: '1234 5678 1', branchCode: '250655', accountType: 'savings', bankName: '' };

  it('sends digits without spaces and leaves out an empty bank name', () => {
    expect(bankRequestFrom(form)).toEqual({
      ok: true,
      data: { accountNumber: '123456781', branchCode: '250655', accountType: 'savings' },
    });
  });

  it('says what is wrong with each field, in plain words', () => {
    const result = bankRequestFrom({ accountNumber: '12a', branchCode: '1', accountType: '', bankName: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      accountNumber: 'Enter the account number: 6 to 16 digits, no spaces',
      branchCode: 'Enter the branch code: 3 to 10 digits',
      accountType: 'Choose the account type',
    });
  });

  it('tells verified, holder mismatch and not found apart', () => {
    const ok = summariseBankResult({
      verified: true,
      accountExists: true,
      accountOpen: true,
      holderMatches: true,
      acceptsDebits: true,
      acceptsCredits: true,
    });
    expect(ok).toMatchObject({ outcome: 'verified', tone: 'ok' });
    const mismatch = summariseBankResult({
      verified: false,
      accountExists: true,
      accountOpen: true,
      holderMatches: false,
    });
    expect(mismatch).toMatchObject({
      outcome: 'holder-mismatch',
      title: 'The account holder does not match the client',
    });
    expect(mismatch.checks).toContainEqual({ label: 'Holder matches the client', value: 'No' });
    expect(
      summariseBankResult({ verified: false, accountExists: false, reason: 'No such account' }),
    ).toMatchObject({
      outcome: 'not-found',
      tone: 'error',
    });
    expect(
      summariseBankResult({ verified: false, accountExists: false, reason: 'No such account' }).checks,
    ).toContainEqual({
      label: 'Reason given',
      value: 'No such account',
    });
  });

  it('names the account checked by its last four digits', () => {
    expect(
      checkedAccountText({
        accountNumber: '62001234560',
        branchCode: '250655',
        accountType: 'current',
        bankName: 'FNB',
      }),
    ).toBe('Current (cheque) account ending 4560, branch 250655 at FNB');
  });

  it('explains being offline', () => {
    expect(bankErrorText(new DeskError('offline', 'Choose an environment profile first.'))).toMatch(
      /needs a connection.*Try again when the header shows Online/,
    );
    expect(bankErrorText(new DeskError('invalid-input', 'Bad.'))).toBe('Bad.');
  });
});

describe('case history', () => {
  const users = [{ id: 'u1', name: 'Thandi Mokoena' }];
  const entry = (id: number, at: string, userId: string | null, action: string): AuditEntry => ({
    id,
    at,
    userId,
    action,
    caseId: 'c1',
    detail: `detail ${id}`,
  });

  it('names actions and people', () => {
    expect(actionLabel('individual.bank-verification')).toBe('Bank account checked');
    expect(actionLabel('individual.update')).toBe('Details edited');
    expect(actionLabel('entity.pepDecision')).toBe('PEP decision');
    expect(actionLabel('entity.some-new-aml-thing')).toBe('Some new AML thing');
    expect(actorName('u1', users)).toBe('Thandi Mokoena');
    expect(actorName(null, users)).toBe('This laptop');
    expect(actorName('u9', users)).toBe('Unknown user (u9)');
  });

  it('lists the newest first', () => {
    const rows = historyRows(
      [
        entry(1, '2026-11-21T10:00:00.000Z', 'u1', 'individual.create'),
        entry(3, '2026-11-21T11:00:00.000Z', null, 'individual.update'),
        entry(2, '2026-11-21T11:00:00.000Z', 'u1', 'individual.aml-screening'),
      ],
      users,
    );
    expect(rows.map((r) => [r.id, r.who, r.what])).toEqual([
      [3, 'This laptop', 'Details edited'],
      [2, 'Thandi Mokoena', 'AML screening requested'],
      [1, 'Thandi Mokoena', 'Application created'],
    ]);
  });
});

describe('editing an individual', () => {
  const original = detailsFormFrom({
    firstName: 'Sipho',
    lastName: 'Ndlovu',
    clientEmail: 'sipho@example.co.za',
  });

  it('sends only what changed, trimmed', () => {
    expect(
      detailChanges(original, { ...original, lastName: ' Dlamini ', clientPhone: '082 555 0101' }),
    ).toEqual({
      ok: true,
      changes: { lastName: 'Dlamini', clientPhone: '082 555 0101' },
    });
  });

  it('refuses nothing changed, a cleared name and a bad e-mail', () => {
    expect(detailChanges(original, { ...original })).toEqual({ ok: false, unchanged: true });
    expect(detailChanges(original, { ...original, firstName: '  ' })).toEqual({
      ok: false,
      errors: { firstName: 'Required' },
    });
    expect(detailChanges(original, { ...original, clientEmail: 'not-an-email' })).toEqual({
      ok: false,
      errors: { clientEmail: 'Enter a valid e-mail address' },
    });
  });
});
