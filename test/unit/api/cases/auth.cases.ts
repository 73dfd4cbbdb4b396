import type { CaseTable } from './runner.js';

export const authCases: CaseTable = {
  TokenRequestSchema: {
    valid: [{ grant_type: 'client_credentials', client_id: 'branch-42', client_secret: 's3cr3t' }],
    invalid: [
      {
        why: 'another grant type',
        value: { grant_type: 'password', client_id: 'a', client_secret: 'b' },
        path: ['grant_type'],
      },
      {
        why: 'client_secret missing',
        value: { grant_type: 'client_credentials', client_id: 'a' },
        path: ['client_secret'],
      },
      {
        why: 'empty client_id',
        value: { grant_type: 'client_credentials', client_id: ' ', client_secret: 'b' },
        path: ['client_id'],
      },
    ],
  },
  TokenResponseSchema: {
    valid: [
      { access_token: 'opaque-token', token_type: 'Bearer', expires_in: 3600 },
      { access_token: 'opaque-token', token_type: 'bearer', expires_in: 60, scope: 'all' },
    ],
    invalid: [
      {
        why: 'token type MAC',
        value: { access_token: 't', token_type: 'MAC', expires_in: 3600 },
        path: ['token_type'],
      },
      {
        why: 'expires_in as text',
        value: { access_token: 't', token_type: 'Bearer', expires_in: '3600' },
        path: ['expires_in'],
      },
      {
        why: 'access_token missing',
        value: { token_type: 'Bearer', expires_in: 3600 },
        path: ['access_token'],
      },
    ],
  },
};
