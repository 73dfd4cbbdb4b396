import { describe, expect, it } from 'vitest';
import * as auth from '../../../shared/api/auth.js';
import { TokenResponseSchema } from '../../../shared/api/auth.js';
import { authCases } from './cases/auth.cases.js';
import { runCases } from './cases/runner.js';

runCases(auth, authCases);

describe('TokenResponseSchema', () => {
  it('normalises the token type to Bearer', () => {
    const token = TokenResponseSchema.parse({ access_token: 't', token_type: 'BEARER', expires_in: 10 });
    expect(token.token_type).toBe('Bearer');
  });
});
