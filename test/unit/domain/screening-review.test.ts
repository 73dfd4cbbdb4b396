import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SanctionsSearchResults } from '../../../shared/api/index.js';
import {
  adverseFromDispositions,
  arrivalMessage,
  canonicalJson,
  checkAttestation,
  screeningFingerprint,
  screeningHits,
  type Disposition,
} from '../../../shared/domain/screening-review.js';

const thabo: SanctionsSearchResults = {
  matchedNumber: 2,
  matchedEntities: [
    {
      name: 'Thabo Sanctioned Politician',
      matchType: 'Sanctions',
      score: 100,
      source: 'Sandbox consolidated sanctions list',
    },
    { name: 'Thabo Sanctioned Politician', matchType: 'PEP', score: 95, source: 'Sandbox PEP register' },
  ],
  webSearchResults: [
    { title: 'Adverse report', url: 'https://news.example/1', snippet: 'Fraud charges', score: 80 },
  ],
};
const fingerprint = screeningFingerprint(thabo)!;
const all = (verdict: Disposition['verdict']): Disposition[] =>
  screeningHits(thabo).map((h) => ({ hitKey: h.key, verdict, reason: 'Checked against the ID number' }));

describe('screening fingerprint', () => {
  it('is null when no results are held', () => {
    expect(screeningFingerprint(null)).toBeNull();
  });

  // Fingerprints are stored with each review and compared on every reviewer's laptop: any text,
  // multi-byte characters and lone surrogates included, must hash as node:crypto hashes its UTF-8.
  it('is the SHA-256 of the canonical results as node:crypto computes it, for any text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 120 }),
        fc.string({ maxLength: 40 }),
        (name, source) => {
          const results: SanctionsSearchResults = {
            matchedNumber: 1,
            matchedEntities: [{ name, matchType: 'PEP', score: 90, source }],
            webSearchResults: [],
          };
          const expected = createHash('sha256').update(canonicalJson(results), 'utf8').digest('hex');
          expect(screeningFingerprint(results)).toBe(expected);
        },
      ),
      { numRuns: 100 },
    );
  }, 30_000);

  it('does not depend on the order of object keys', () => {
    const value = fc.dictionary(
      fc.string({ maxLength: 6 }),
      fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.boolean()),
    );
    fc.assert(
      fc.property(value, (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(canonicalJson({ matchedEntities: [record] })).toBe(
          canonicalJson({ matchedEntities: [reversed] }),
        );
      }),
    );
  });

  it('changes when any match changes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), (score) => {
        const changed = {
          ...thabo,
          matchedEntities: [{ ...thabo.matchedEntities![0]!, score }, thabo.matchedEntities![1]!],
        };
        expect(screeningFingerprint(changed)).not.toBe(fingerprint);
      }),
    );
  });
});

describe('screening hits', () => {
  it('lists matches then adverse media, each with its kind', () => {
    expect(screeningHits(thabo).map((h) => [h.key, h.kind])).toEqual([
      ['match-0', 'sanctions'],
      ['match-1', 'pep'],
      ['media-0', 'adverse-media'],
    ]);
  });
});

describe('checkAttestation', () => {
  it('refuses while no results are held', () => {
    expect(checkAttestation(null, { fingerprint, dispositions: [] }, 'Thabo')).toEqual({
      ok: false,
      message: expect.stringMatching(/^Waiting for screening results from the service for Thabo/),
    });
  });

  it('refuses an attestation made on other results', () => {
    const other = screeningFingerprint({ matchedNumber: 0, matchedEntities: [], webSearchResults: [] })!;
    expect(
      checkAttestation(thabo, { fingerprint: other, dispositions: all('false-positive') }, 'Thabo'),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/changed since you opened them/) });
  });

  it('refuses while any hit has no disposition, naming how many are open', () => {
    fc.assert(
      fc.property(fc.subarray(all('false-positive'), { maxLength: 2 }), (some) => {
        const result = checkAttestation(thabo, { fingerprint, dispositions: some }, 'Thabo');
        expect(result).toEqual({
          ok: false,
          message: expect.stringContaining(`${3 - some.length} of 3 still open`),
        });
      }),
    );
  });

  it('refuses a hit marked twice and a hit that is not in the results', () => {
    const twice = [...all('false-positive'), all('true-match')[0]!];
    expect(checkAttestation(thabo, { fingerprint, dispositions: twice }, 'Thabo')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/marked twice/),
    });
    const stranger = [
      ...all('false-positive'),
      { hitKey: 'match-9', verdict: 'false-positive' as const, reason: 'x' },
    ];
    expect(checkAttestation(thabo, { fingerprint, dispositions: stranger }, 'Thabo')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not in the results/),
    });
  });

  it('says adverse results need attention exactly when some hit is a true match', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('true-match' as const, 'false-positive' as const), {
          minLength: 3,
          maxLength: 3,
        }),
        (verdicts) => {
          const dispositions = screeningHits(thabo).map((h, i) => ({
            hitKey: h.key,
            verdict: verdicts[i]!,
            reason: 'Checked',
          }));
          expect(checkAttestation(thabo, { fingerprint, dispositions }, 'Thabo')).toEqual({
            ok: true,
            adverse: verdicts.includes('true-match'),
          });
          expect(adverseFromDispositions(dispositions)).toBe(verdicts.includes('true-match'));
        },
      ),
    );
  });

  it('accepts results with no hits with no dispositions', () => {
    const none = { matchedNumber: 0, matchedEntities: [], webSearchResults: [] };
    expect(
      checkAttestation(none, { fingerprint: screeningFingerprint(none)!, dispositions: [] }, 'Jane'),
    ).toEqual({ ok: true, adverse: false });
  });
});

describe('arrivalMessage', () => {
  it('counts each kind of hit in words', () => {
    expect(arrivalMessage(thabo, 'Thabo')).toBe(
      '1 sanctions match, 1 PEP match and 1 adverse media result arrived for Thabo',
    );
    const two = { matchedEntities: [thabo.matchedEntities![0]!, thabo.matchedEntities![0]!] };
    expect(arrivalMessage(two, 'Thabo')).toBe('2 sanctions matches arrived for Thabo');
    expect(arrivalMessage({ matchedEntities: [], webSearchResults: [] }, 'Jane')).toBe(
      'Screening results arrived for Jane: no matches. Confirm the review.',
    );
  });
});
