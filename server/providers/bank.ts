// Simulated bank account verification (contract §9), used by the individual API.
export interface BankVerification {
  verified: boolean;
  accountExists: boolean;
  accountOpen: boolean;
  holderMatches: boolean;
  acceptsDebits: boolean;
  acceptsCredits: boolean;
  reason?: string;
}

export function verifyBankAccount(accountNumber: string): BankVerification {
  if (accountNumber.endsWith('9')) {
    return {
      verified: false,
      accountExists: false,
      accountOpen: false,
      holderMatches: false,
      acceptsDebits: false,
      acceptsCredits: false,
      reason: 'Account not found',
    };
  }
  if (accountNumber.endsWith('0')) {
    return {
      verified: false,
      accountExists: true,
      accountOpen: true,
      holderMatches: false,
      acceptsDebits: true,
      acceptsCredits: true,
      reason: 'Account holder does not match',
    };
  }
  return {
    verified: true,
    accountExists: true,
    accountOpen: true,
    holderMatches: true,
    acceptsDebits: true,
    acceptsCredits: true,
  };
}
