// An identity document read through the core as the screen asks it: the capture worker reads it, off
// the core's event loop, and the screen may have the core start the OCR engine as its file chooser
// opens, so the reading does not wait for it.
import { describe, expect, it } from 'vitest';
import { mrzDocumentPage, mrzLines, vanDerMerwePassport } from '../../support/identity-fixtures.js';
import { suiteCore } from '../../support/suite-core.js';
import { CPU_HEAVIEST } from '../../support/timeouts.js';

describe('identity documents read through the core', () => {
  const run = suiteCore({ lookups: false });

  it(
    'reads a passport page once the engine was started ahead, with the zone to compare the name with',
    { timeout: CPU_HEAVIEST },
    async () => {
      expect(await run.t.call('identity.prepare', {})).toEqual({ ok: true });
      const page = new Uint8Array(await mrzDocumentPage(vanDerMerwePassport));
      const answer = await run.t.call('identity.read', { bytes: page });
      expect(answer.message).toBeNull();
      expect(answer.reading).toMatchObject({
        source: 'passport-mrz',
        surname: 'Van Der Merwe',
        names: 'Anna Maria',
        documentNumber: 'X1234567',
        nationality: 'NAM',
        dateOfBirth: '1975-06-15',
        expiry: '2029-01-01',
        mrz: { format: 'TD3', lines: mrzLines(vanDerMerwePassport) },
      });
      expect(answer.strip?.byteLength).toBeGreaterThan(0);
    },
  );
});
