// Bank account verification: the form's validation, and what the service's answer means to staff.
import type { BANK_ACCOUNT_TYPES } from '../../shared/api/index.js';
import {
  BankAccountVerificationRequestSchema,
  type BankAccountVerificationRequest,
  type BankAccountVerificationResponse,
} from '../../shared/api/index.js';
import { DeskError } from '../../shared/ipc/index.js';
import { compact, validate, type FieldErrors } from './forms.js';

export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export const ACCOUNT_TYPE_OPTIONS: ReadonlyArray<{ value: BankAccountType; label: string }> = [
  { value: 'current', label: 'Current (cheque)' },
  { value: 'savings', label: 'Savings' },
  { value: 'transmission', label: 'Transmission' },
];

export interface BankForm {
  accountNumber: string;
  branchCode: string;
  accountType: string;
  bankName: string;
}

const FRIENDLY: Record<string, string> = {
  accountNumber: 'Enter the account number: 6 to 16 digits, no spaces',
  branchCode: 'Enter the branch code: 3 to 10 digits',
  accountType: 'Choose the account type',
};

/** The request to send, or one plain message per field. Spaces typed in numbers are ignored. */
export function bankRequestFrom(
  form: BankForm,
): { ok: true; data: BankAccountVerificationRequest } | { ok: false; errors: FieldErrors } {
  const result = validate(
    BankAccountVerificationRequestSchema,
    compact({
      accountNumber: form.accountNumber.replace(/\s+/g, ''),
      branchCode: form.branchCode.replace(/\s+/g, ''),
      accountType: form.accountType,
      bankName: form.bankName.trim(),
    }),
  );
  if (result.ok) return result;
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(result.errors)) errors[field] = FRIENDLY[field] ?? message;
  return { ok: false, errors };
}

export type BankOutcome = 'verified' | 'holder-mismatch' | 'not-found' | 'closed' | 'not-verified';

export interface BankSummary {
  outcome: BankOutcome;
  tone: 'ok' | 'warn' | 'error';
  title: string;
  checks: Array<{ label: string; value: string }>;
}

const yesNo = (value: boolean | null | undefined): string =>
  value === true ? 'Yes' : value === false ? 'No' : 'Not reported';

/** The answer as one headline (verified / holder does not match / not found) and the checks behind it. */
export function summariseBankResult(answer: BankAccountVerificationResponse): BankSummary {
  let outcome: BankOutcome;
  if (answer.accountExists === false) outcome = 'not-found';
  else if (answer.accountOpen === false) outcome = 'closed';
  else if (answer.holderMatches === false) outcome = 'holder-mismatch';
  else if (answer.verified) outcome = 'verified';
  else outcome = 'not-verified';
  const titles: Record<BankOutcome, string> = {
    verified: 'Account verified: it exists, is open and belongs to the client',
    'holder-mismatch': 'The account holder does not match the client',
    'not-found': 'Account not found at the bank',
    closed: 'The account is closed',
    'not-verified': 'The account could not be verified',
  };
  return {
    outcome,
    tone: outcome === 'verified' ? 'ok' : outcome === 'not-found' ? 'error' : 'warn',
    title: titles[outcome],
    checks: [
      { label: 'Account exists', value: yesNo(answer.accountExists) },
      { label: 'Account open', value: yesNo(answer.accountOpen) },
      { label: 'Holder matches the client', value: yesNo(answer.holderMatches) },
      { label: 'Accepts debits', value: yesNo(answer.acceptsDebits) },
      { label: 'Accepts credits', value: yesNo(answer.acceptsCredits) },
      ...(answer.reason ? [{ label: 'Reason given', value: answer.reason }] : []),
    ],
  };
}

/** Which account an answer is about, without showing the whole number on screen. */
export function checkedAccountText(request: BankAccountVerificationRequest): string {
  const type =
    ACCOUNT_TYPE_OPTIONS.find((o) => o.value === request.accountType)?.label ?? request.accountType;
  const bank = request.bankName ? ` at ${request.bankName}` : '';
  return `${type} account ending ${request.accountNumber.slice(-4)}, branch ${request.branchCode}${bank}`;
}

/** Failures in plain words; being offline is expected, so it says what to do. */
export function bankErrorText(error: unknown): string {
  if (error instanceof DeskError && error.code === 'offline')
    return `Bank account verification needs a connection to the service, and FICA Desk cannot reach it now (${error.message.replace(/\.$/, '')}). Try again when the header shows Online.`;
  if (error instanceof Error) return error.message;
  return 'The account could not be verified. Try again.';
}
