import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CHANNEL_NAMES,
  DeskError,
  EVENT_NAMES,
  IpcResultSchema,
  events,
  base64ToBytes,
  bytesToBase64,
  channels,
  decodeWire,
  encodeWire,
  isChannelName,
} from '../../../shared/ipc/index.js';

describe('IPC contract', () => {
  it('gives every channel an input and an output schema', () => {
    expect(CHANNEL_NAMES.length).toBeGreaterThan(40);
    for (const name of CHANNEL_NAMES) {
      expect(channels[name].input, name).toBeInstanceOf(z.ZodType);
      expect(channels[name].output, name).toBeInstanceOf(z.ZodType);
    }
    expect(EVENT_NAMES).toEqual([
      'status.changed',
      'queue.changed',
      'queue.progress',
      'case.changed',
      'scan.progress',
      'draft.changed',
    ]);
  });

  it('carries what changed in the queue, never the bare fact that it changed', () => {
    const schema = events['queue.changed'];
    const delta = { version: 3, total: 1, changed: [], removed: ['j1'], caseIds: ['c1'], reset: false };
    expect(schema.safeParse(delta).success).toBe(true);
    expect(schema.safeParse({ version: 3 }).success).toBe(false);
    expect(schema.safeParse({ ...delta, changed: [{ id: 'j2' }] }).success).toBe(false);
  });

  it('recognises only contract channels', () => {
    expect(isChannelName('cases.list')).toBe(true);
    expect(isChannelName('toString')).toBe(false);
    expect(isChannelName('__proto__')).toBe(false);
    expect(isChannelName('fs.readFile')).toBe(false);
  });

  it('refuses a discard without explicit confirmation', () => {
    expect(channels['queue.discard'].input.safeParse({ jobId: 'j1' }).success).toBe(false);
    expect(channels['queue.discard'].input.safeParse({ jobId: 'j1', confirm: true }).success).toBe(true);
  });

  it('requires the foreign official type when the client is a foreign official', () => {
    const input = channels['individual.pepDecision'].input;
    const screening = { fingerprint: 'a'.repeat(64), dispositions: [] };
    const base = {
      caseId: 'c1',
      pepConfirmReviewed: true,
      adverseSearchKYC: false,
      clientForeignOfficial: true,
      screening,
    };
    expect(input.safeParse(base).success).toBe(false);
    expect(input.safeParse({ ...base, clientForeignOfficialType: 2 }).success).toBe(true);
  });

  it('requires a review to name the screening results it was made on', () => {
    const input = channels['entity.sanctionsReview'].input;
    const review = { pepConfirmReviewed: true };
    expect(input.safeParse({ caseId: 'c1', review }).success).toBe(false);
    expect(
      input.safeParse({ caseId: 'c1', review, screening: { fingerprint: 'not-hex', dispositions: [] } })
        .success,
    ).toBe(false);
    const hit = { hitKey: 'match-0', verdict: 'false-positive', reason: ' ' };
    expect(
      input.safeParse({
        caseId: 'c1',
        review,
        screening: { fingerprint: 'a'.repeat(64), dispositions: [hit] },
      }).success,
    ).toBe(false);
    expect(
      input.safeParse({
        caseId: 'c1',
        review,
        screening: { fingerprint: 'a'.repeat(64), dispositions: [{ ...hit, reason: 'Other person' }] },
      }).success,
    ).toBe(true);
  });

  it('accepts only http and https profile addresses', () => {
    const input = channels['profiles.save'].input;
    expect(input.safeParse({ name: 'Test', kind: 'test', baseUrl: 'https://test.example.com' }).success).toBe(
      true,
    );
    expect(input.safeParse({ name: 'Test', kind: 'test', baseUrl: 'file:///etc/passwd' }).success).toBe(
      false,
    );
    expect(input.safeParse({ name: 'Test', kind: 'test', baseUrl: 'javascript:alert(1)' }).success).toBe(
      false,
    );
  });

  it('takes plain http only for the sandbox, https for every kind', () => {
    const input = channels['profiles.save'].input;
    fc.assert(
      fc.property(
        fc.constantFrom('sandbox', 'test', 'live'),
        fc
          .tuple(
            fc.constantFrom('http', 'https', 'HTTP', 'HTTPS'),
            fc.constantFrom(
              'api.bank.example',
              '127.0.0.1:4010',
              'localhost',
              '[::1]:8443',
              'auth.example.co.za',
            ),
            fc.string({ unit: fc.constantFrom('a', 'z', '/', '-', '0', '.'), maxLength: 12 }),
          )
          .map(([scheme, host, path]) => `${scheme}://${host}/${path}`),
        fc.boolean(),
        (kind, url, asTokenUrl) => {
          const profile = asTokenUrl
            ? { name: 'Env', kind, baseUrl: 'https://api.example.com', tokenUrl: url }
            : { name: 'Env', kind, baseUrl: url };
          const accepted = input.safeParse(profile).success;
          expect(accepted).toBe(kind === 'sandbox' || /^https:\/\//i.test(url));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('wire encoding of the loopback bridge', () => {
  it('round-trips base64 for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = bytesToBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(base64ToBytes(text)).toEqual(bytes);
      }),
    );
  });

  it('carries bytes nested in any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.uint8Array({ maxLength: 64 }), (json, bytes) => {
        const value = { json, file: { name: 'scan.pdf', bytes } };
        const back = decodeWire(encodeWire(value)) as { json: unknown; file: { bytes: Uint8Array } };
        expect(back.file.bytes).toEqual(bytes);
        expect(back.json).toEqual(JSON.parse(JSON.stringify(json)));
      }),
    );
  });

  it('refuses malformed base64', () => {
    expect(() => base64ToBytes('ab$d')).toThrow(/Invalid base64/);
  });
});

describe('DeskError', () => {
  it('crosses the boundary as a result body and back', () => {
    const error = new DeskError('invalid-input', 'Check the highlighted fields', [
      { path: 'idNumber', message: 'Required' },
    ]);
    const result = IpcResultSchema.parse({ ok: false, error: error.toBody() });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      const back = DeskError.fromBody(result.error);
      expect(back).toBeInstanceOf(DeskError);
      expect(back.code).toBe('invalid-input');
      expect(back.issues).toEqual([{ path: 'idNumber', message: 'Required' }]);
    }
  });
});
