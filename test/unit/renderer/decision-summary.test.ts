import { describe, expect, it } from 'vitest';
import type { OrganigramNodeRequest, SanctionsSearchResults } from '../../../shared/api/index.js';
import { screeningFingerprint } from '../../../shared/domain/index.js';
import type { LocalUbo, ScreeningReviewRecord } from '../../../shared/ipc/index.js';
import { ownershipTable, reviewState, type OwnershipSource } from '../../../renderer/lib/decision-summary.js';

const ROOT = '00000000-0000-4000-8000-000000000000';
const HOLDCO = '00000000-0000-4000-8000-0000000000c0';
const ANNA_NODE = '00000000-0000-4000-8000-0000000000a1';
const ANNA_VIA_HOLDCO = '00000000-0000-4000-8000-0000000000a2';
const BEN_NODE = '00000000-0000-4000-8000-0000000000b1';
const ANNA_SERVER = '11111111-1111-4111-8111-111111111111';

function ubo(
  id: string,
  firstName: string,
  extra: Partial<LocalUbo['details']> = {},
  serverId: string | null = null,
) {
  return { id, serverId, details: { firstName, lastName: 'Dlamini', ...extra } } as Pick<
    LocalUbo,
    'id' | 'serverId' | 'details'
  >;
}

describe('ownership table on the decision screen', () => {
  it('path A: each shareholding is direct, so it is also the effective share, and the total adds them', () => {
    const source: OwnershipSource = {
      showOrganigram: false,
      organigram: { draft: null },
      ubos: [
        ubo('a', 'Anna', { isShareholder: true, shareholderPercentage: '60' }),
        ubo('b', 'Ben', { isShareholder: true, shareholderPercentage: '25.5' }),
        ubo('c', 'Cara', { isShareholder: false }),
      ],
    };
    const t = ownershipTable(source);
    expect(t.source).toBe('details');
    expect(t.rows.map((r) => [r.name, r.holdings, r.effective])).toEqual([
      ['Anna Dlamini', ['60 % directly'], 60],
      ['Ben Dlamini', ['25.5 % directly'], 25.5],
      ['Cara Dlamini', ['Not a shareholder'], null],
    ]);
    expect(t.total).toBeCloseTo(85.5);
  });

  it('path B: a person held directly and through a company shows both holdings and the product sum', () => {
    const draft: OrganigramNodeRequest[] = [
      {
        guid: ROOT,
        shareholderType: 'Root',
        shareholderEntityName: 'Acme',
        shareholderPercentage: 100,
        children: [
          {
            guid: ANNA_NODE,
            shareholderType: 'Individual',
            firstName: 'Anna',
            lastName: 'Dlamini',
            uboID: ANNA_SERVER,
            shareholderPercentage: 30,
            children: [],
          },
          {
            guid: HOLDCO,
            shareholderType: 'Entity',
            shareholderEntityName: 'Holdco',
            shareholderPercentage: 50,
            children: [
              {
                guid: ANNA_VIA_HOLDCO,
                shareholderType: 'Individual',
                firstName: 'Anna',
                lastName: 'Dlamini',
                uboID: ANNA_SERVER,
                shareholderPercentage: 40,
                children: [],
              },
              {
                guid: BEN_NODE,
                shareholderType: 'Individual',
                firstName: 'Ben',
                lastName: 'Dlamini',
                shareholderPercentage: 60,
                children: [],
              },
            ],
          },
        ],
      },
    ];
    const t = ownershipTable({
      showOrganigram: true,
      organigram: { draft },
      ubos: [ubo('a', 'Anna', {}, ANNA_SERVER), ubo(BEN_NODE, 'Ben'), ubo('d', 'Dineo')],
    });
    expect(t.source).toBe('tree');
    expect(t.rows.map((r) => [r.name, r.holdings, r.effective])).toEqual([
      ['Anna Dlamini', ['30 % directly', '40 % of Holdco'], 50],
      ['Ben Dlamini', ['60 % of Holdco'], 30],
      ['Dineo Dlamini', ['Not in the ownership tree'], null],
    ]);
    expect(t.total).toBeCloseTo(80);
  });
});

describe('screening review state on the decision screen', () => {
  const results: SanctionsSearchResults = {
    matchedEntities: [
      { name: 'A', score: 100 },
      { name: 'B', score: 80 },
    ],
    webSearchResults: [],
  } as SanctionsSearchResults;
  const record = (
    verdicts: Array<'true-match' | 'false-positive'>,
    fingerprint = screeningFingerprint(results),
  ) =>
    ({
      fingerprint,
      reviewedBy: 'u1',
      reviewedAt: '2026-11-26T10:00:00.000Z',
      dispositions: verdicts.map((verdict, i) => ({ hitKey: `match-${i}`, verdict, reason: 'checked' })),
    }) as unknown as ScreeningReviewRecord;

  it('waits while no results are on this laptop', () => {
    expect(reviewState(null, null)).toEqual({ tone: 'warn', text: 'Waiting for screening results' });
  });

  it('says results are not reviewed when no review is recorded', () => {
    expect(reviewState(results, null)).toEqual({ tone: 'warn', text: 'Not reviewed' });
  });

  it('says new results need a review when the review was of earlier results', () => {
    expect(reviewState(results, record(['false-positive', 'false-positive'], 'stale'))).toEqual({
      tone: 'warn',
      text: 'New results, not reviewed',
    });
  });

  it('counts true matches and false positives, in danger when any match is true', () => {
    expect(reviewState(results, record(['true-match', 'false-positive']))).toEqual({
      tone: 'danger',
      text: 'Reviewed: 1 true match, 1 false positive',
    });
    expect(reviewState(results, record(['false-positive', 'false-positive']))).toEqual({
      tone: 'ok',
      text: 'Reviewed: 2 false positives',
    });
  });
});
