import { describe, expect, it } from 'vitest';
import {
  ENTITY_RISK_WEIGHTS,
  bandFromScore,
  entityRiskReason,
  entityRiskScore,
  type EntityRiskInputs,
} from '../../../shared/domain/risk.js';
import { treeStats, type OrganigramNodeInput } from '../../../shared/domain/organigram.js';

const none: EntityRiskInputs = {
  treeNodes: 0,
  treeDepth: 0,
  uboCount: 0,
  trustRelatedPartyCount: 0,
  highRiskCountryCount: 0,
  adverseResultCount: 0,
  additionalVerification: false,
};

const beneficiary = JSON.stringify([{ id: 3, name: 'Beneficiary' }]);
const person = (
  guid: string,
  pct: number,
  extra: Partial<OrganigramNodeInput> = {},
): OrganigramNodeInput => ({
  guid,
  shareholderType: 'Individual',
  firstName: guid,
  lastName: 'Test',
  shareholderPercentage: pct,
  ...extra,
});

describe('entity risk score', () => {
  it('keeps a plain path-A company with two directors Low', () => {
    const r = entityRiskScore({ ...none, uboCount: 2 });
    expect(r.score).toBe(3);
    expect(bandFromScore(r.score)).toBe('Low Risk');
    expect(entityRiskReason(r)).toBe('Score 3: base 1, 2 UBOs (+2)');
  });

  it('raises a layered tree with a trust and several related parties to High', () => {
    const root: OrganigramNodeInput = {
      guid: 'root',
      shareholderType: 'Root',
      shareholderEntityName: 'Acme Holdings (Pty) Ltd',
      children: [
        person('director', 0, { isDirector: true }),
        person('owner', 40),
        {
          guid: 'holdco',
          shareholderType: 'Entity',
          shareholderEntityName: 'Holdco (Pty) Ltd',
          shareholderPercentage: 60,
          children: [
            {
              guid: 'trust',
              shareholderType: 'Trust',
              shareholderTrustName: 'Family Trust',
              shareholderPercentage: 100,
              children: [
                person('b1', 50, { trustRelatedPartyTypes: beneficiary }),
                person('b2', 50, { trustRelatedPartyTypes: beneficiary }),
                person('trustee', 0, {
                  trustRelatedPartyTypes: JSON.stringify([{ id: 2, name: 'Trustee' }]),
                }),
              ],
            },
          ],
        },
      ],
    };
    const stats = treeStats(root);
    expect(stats).toMatchObject({
      nodeCount: 8,
      shareholderNodeCount: 7,
      depth: 3,
      trustRelatedPartyCount: 3,
    });
    const r = entityRiskScore({
      ...none,
      treeNodes: stats.shareholderNodeCount,
      treeDepth: stats.depth,
      uboCount: stats.individualCount,
      trustRelatedPartyCount: stats.trustRelatedPartyCount,
    });
    expect(r.score).toBe(1 + 7 + 2 * 2 + 5 + 3 * 2);
    expect(bandFromScore(r.score)).toBe('High Risk');
    expect(entityRiskReason(r, 'High Risk')).toBe(
      'Score 23: base 1, 7 tree nodes (+7), 2 layers beyond the first (+4), 5 UBOs (+5), 3 trust related parties (+6) (High Risk)',
    );
  });

  it('adds the weights of countries, adverse results and additional verification', () => {
    const r = entityRiskScore({
      ...none,
      highRiskCountryCount: 2,
      adverseResultCount: 1,
      additionalVerification: true,
    });
    const w = ENTITY_RISK_WEIGHTS;
    expect(r.score).toBe(w.base + 2 * w.perHighRiskCountry + w.perAdverseResult + w.additionalVerification);
    expect(r.reasons).toEqual([
      'base 1',
      '2 high-risk countries (+6)',
      '1 adverse screening result (+5)',
      'additional verification (+3)',
    ]);
  });

  it('ignores nonsense counts instead of lowering the score', () => {
    expect(entityRiskScore({ ...none, uboCount: -3, treeNodes: Number.NaN }).score).toBe(1);
  });
});
