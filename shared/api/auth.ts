import { z } from 'zod';

export const TokenRequestSchema = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: z.string().trim().min(1).max(200),
  client_secret: z.string().min(1).max(500),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const TokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  // RFC 6749 token types are case-insensitive; normalise so callers compare one value.
  token_type: z
    .string()
    .regex(/^bearer$/i, 'token_type must be Bearer')
    .transform((): 'Bearer' => 'Bearer'),
  expires_in: z.number().int().positive(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;
