// How failures are sorted: what the queue may retry, must reconcile, or must stop on.
import { describe, expect, it } from 'vitest';
import { classifyError, classifyStatus, parseRetryAfter } from '../../../electron/core/api/errors.js';
import { backoffDelay } from '../../../electron/core/sync/backoff.js';

describe('failure classes', () => {
  it('sorts statuses', () => {
    expect(classifyStatus(500, {}, undefined).kind).toBe('retryable');
    expect(classifyStatus(429, {}, '3').retryAfterMs).toBe(3000);
    expect(classifyStatus(408, {}, undefined).kind).toBe('retryable');
    expect(
      classifyStatus(
        409,
        {
          statusCode: 409,
          message: 'A request with this Idempotency-Key is still in progress',
          error: 'Conflict',
        },
        undefined,
      ).kind,
    ).toBe('retryable');
    expect(
      classifyStatus(
        409,
        { statusCode: 409, message: 'KYB must be completed first', error: 'Conflict' },
        undefined,
      ).kind,
    ).toBe('permanent');
    expect(classifyStatus(401, {}, undefined).kind).toBe('needs-sign-in');
    const upload = classifyStatus(
      400,
      { status: 400, error: 'File too large', details: '41 MB, limit 40 MB' },
      undefined,
    );
    expect(upload).toMatchObject({ kind: 'permanent', message: 'File too large: 41 MB, limit 40 MB' });
  });

  it('sorts network errors', () => {
    expect(classifyError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })).kind).toBe(
      'not-sent',
    );
    expect(classifyError(Object.assign(new Error('reset'), { code: 'ECONNRESET' })).kind).toBe(
      'outcome-unknown',
    );
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(Date.now() + 5000).toUTCString(), Date.now())).toBeGreaterThan(3000);
    expect(parseRetryAfter('soon')).toBeNull();
  });

  it('backs off exponentially with jitter, capped', () => {
    const opts = { baseMs: 100, maxMs: 1000, random: () => 0.5 };
    expect(backoffDelay(1, opts)).toBe(75);
    expect(backoffDelay(3, opts)).toBe(300);
    expect(backoffDelay(10, opts)).toBe(750);
    expect(backoffDelay(1, opts, 2000)).toBe(2050);
  });
});
