// The pure rules of webhook delivery: the published retry schedule with jitter and scaling, the
// URL policy of sandbox and live mode, and Standard Webhooks signing.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, retryDelayMs } from '../../../server/webhooks/retry-schedule.js';
import {
  isNonPublicAddress,
  publicOnlyLookup,
  subscriptionUrlProblem,
} from '../../../server/webhooks/url-policy.js';
import { generateWebhookSecret, signDelivery } from '../../../server/webhooks/signing.js';

describe('retry schedule', () => {
  it('is the published schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h, then failed', () => {
    expect(RETRY_DELAYS_SECONDS).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    expect(MAX_ATTEMPTS).toBe(10);
    expect(retryDelayMs(1, 1, () => 0)).toBe(5000);
    expect(retryDelayMs(9, 1, () => 0)).toBe(86_400_000);
    expect(retryDelayMs(10, 1, () => 0)).toBeNull();
  });

  it('adds at most 20% jitter and scales with the time scale', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom(1, 0.5, 0.001),
        (n, r, scale) => {
          const base = (RETRY_DELAYS_SECONDS[n - 1] ?? 0) * 1000 * scale;
          const delay = retryDelayMs(n, scale, () => r) ?? -1;
          expect(delay).toBeGreaterThanOrEqual(Math.floor(base));
          expect(delay).toBeLessThanOrEqual(Math.ceil(base * 1.2));
        },
      ),
    );
  });
});

describe('subscription URL policy', () => {
  it('accepts https everywhere and http only on loopback in the sandbox', () => {
    expect(subscriptionUrlProblem('https://hooks.example.com/in', 'sandbox')).toBeNull();
    expect(subscriptionUrlProblem('http://127.0.0.1:8080/in', 'sandbox')).toBeNull();
    expect(subscriptionUrlProblem('http://localhost/in', 'sandbox')).toBeNull();
    expect(subscriptionUrlProblem('http://[::1]:8080/in', 'sandbox')).toBeNull();
    expect(subscriptionUrlProblem('http://hooks.example.com/in', 'sandbox')).not.toBeNull();
    expect(subscriptionUrlProblem('http://10.0.0.5/in', 'sandbox')).not.toBeNull();
    expect(subscriptionUrlProblem('https://user:pw@hooks.example.com/in', 'sandbox')).not.toBeNull();
  });

  it('requires https in live mode and refuses private and link-local literals', () => {
    expect(subscriptionUrlProblem('https://hooks.example.com/in', 'live')).toBeNull();
    expect(subscriptionUrlProblem('http://127.0.0.1/in', 'live')).not.toBeNull();
    for (const host of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '127.0.0.1',
      '[::1]',
      '[fe80::1]',
      '[fd00::1]',
    ]) {
      expect(subscriptionUrlProblem(`https://${host}/in`, 'live')).not.toBeNull();
    }
    expect(isNonPublicAddress('8.8.8.8')).toBe(false);
    expect(isNonPublicAddress('::ffff:10.0.0.1')).toBe(true);
  });
});

describe('signing', () => {
  it('signs so that the standardwebhooks library verifies', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ schemaVersion: 1, eventId: 'e-1', eventType: 'entity.created' });
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = signDelivery(secret, 'e-1', timestamp, body);
    expect(signature).toBe(new Webhook(secret).sign('e-1', new Date(timestamp * 1000), body));
    expect(() =>
      new Webhook(secret).verify(body, {
        'webhook-id': 'e-1',
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature,
      }),
    ).not.toThrow();
  });
});

describe('live mode DNS check', () => {
  it('refuses a name that resolves to a loopback address', async () => {
    const error = await new Promise<Error | null>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (err) => resolve(err)),
    );
    expect(error?.message).toMatch(/non-public address/);
  });
});
