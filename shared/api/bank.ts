import { z } from 'zod';
import { optionalText } from './common.js';

export const BANK_ACCOUNT_TYPES = ['current', 'savings', 'transmission'] as const;

export const BankAccountVerificationRequestSchema = z.object({
  accountNumber: z.string().regex(/^\d{6,16}$/, 'accountNumber must be 6 to 16 digits'),
  branchCode: z.string().regex(/^\d{3,10}$/, 'branchCode must be 3 to 10 digits'),
  accountType: z.enum(BANK_ACCOUNT_TYPES),
  bankName: optionalText(200),
});
export type BankAccountVerificationRequest = z.infer<typeof BankAccountVerificationRequestSchema>;

export const BankAccountVerificationResponseSchema = z.looseObject({
  verified: z.boolean(),
  accountExists: z.boolean().nullish(),
  accountOpen: z.boolean().nullish(),
  holderMatches: z.boolean().nullish(),
  acceptsDebits: z.boolean().nullish(),
  acceptsCredits: z.boolean().nullish(),
  reason: z.string().nullish(),
});
export type BankAccountVerificationResponse = z.infer<typeof BankAccountVerificationResponseSchema>;
