// The entity's risk says what is true (contract §6): once the band is assessed, every change that moves
// a score input (the ownership tree, the number of UBOs, trust related parties, high-risk countries,
// adverse screening results, additional verification), through the API or the dashboard, recalculates
// the score, band and reason together; and the record, the list and the PDF report (its ownership
// diagram and its risk page alike) give the same band after each change.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfReportResponseSchema } from '../../../shared/api/entity.js';
import {
  KYB,
  REVIEWED,
  TYPES,
  createEntity,
  expectStatus,
  finishPerson,
  startTestSandbox,
  uboBody,
  type Json,
  type TestSandbox,
} from './helpers.js';
import { pdfText } from './individual-pdf-text.js';
import { dashboardAction } from './webhooks-test-receiver.js';

let t: TestSandbox;
let partnerId: string;

beforeAll(async () => {
  t = await startTestSandbox();
  partnerId = t.sandbox.demoPartner.partnerId;
});
afterAll(async () => {
  await t.stop();
});

const IRAN = 18;
const NORTH_KOREA = 19;

interface RiskSeen {
  band: string;
  reason: string | null;
  /** riskDescription of the record, of the list item, and the band on the report's risk page. */
  elsewhere: string[];
  /** The band the report's ownership diagram gives the entity, when it draws one. */
  diagram: string | null;
  /** The Root of the record's ownership tree, when it has one. */
  treeRoot: string | null;
}

/** The entity's band and reason as the record, the list and the report each give them. */
async function riskOf(id: string, clientReference: string): Promise<RiskSeen> {
  const record = (await expectStatus(t.api.get<Json>(`/api/v1/entity/${id}`), 200)).body;
  const list = await expectStatus(
    t.api.get<{ data: Json[] }>(`/api/v1/entity?clientReference=${encodeURIComponent(clientReference)}`),
    200,
  );
  const item = list.body.data.find((e) => e.id === id);
  const pdf = PdfReportResponseSchema.parse(
    (await expectStatus(t.api.get<Json>(`/api/v1/entity/${id}/pdf-report`), 200)).body,
  );
  const text = (await pdfText(Buffer.from(pdf.base64Content, 'base64'))).replace(/\s+/g, ' ');
  const page =
    /Risk band (Undetermined|Low Risk|Medium Risk|High Risk)/.exec(text)?.[1] ?? 'not in the report';
  const reason = record.riskReason === null ? null : String(record.riskReason);
  // The reason is on the report's risk page word for word.
  if (reason) expect(text).toContain(reason);
  const tree = record.entityOrganigram as Json[] | null;
  return {
    band: String(record.riskStatus),
    reason,
    elsewhere: [String(record.riskDescription), String(item?.riskDescription), page],
    diagram: /Risk: (Undetermined|Low Risk|Medium Risk|High Risk)/.exec(text)?.[1] ?? null,
    treeRoot: tree?.[0] ? String(tree[0].riskStatus) : null,
  };
}

async function expectRisk(id: string, ref: string, band: string, reason: string | null): Promise<RiskSeen> {
  const seen = await riskOf(id, ref);
  expect(seen.band).toBe(band);
  expect(seen.reason).toBe(reason);
  expect(seen.elsewhere).toEqual([band, band, band]);
  return seen;
}

/** The stored event of a dashboard action: its type and the risk it published. */
function event(id: string): { type: string; risk: unknown; reason: unknown } {
  const row = t.sandbox.context.db
    .prepare('SELECT event_type, body FROM webhook_events WHERE id = ?')
    .get(id) as { event_type: string; body: string };
  const body = JSON.parse(row.body) as { data: Json };
  return { type: row.event_type, risk: body.data.entityRisk, reason: body.data.riskReason };
}

describe('path A: the risk follows every change once the shareholding is confirmed', () => {
  it('recalculates score, band and reason on KYB, sanctions review and dashboard changes', async () => {
    const ref = `risk-a-${randomUUID()}`;
    // Middle part 000000: no registry directors, so the one owner is the only UBO.
    const entity = await createEntity(t.api, {
      entityRegName: 'Risk Follows Traders',
      entityRegNumber: '2015/000000/07',
      clientReference: ref,
    });
    const id = entity.id;
    await expectStatus(
      t.api.patch(`/api/v1/entity/${id}/kyb`, { ...KYB, countriesTransactedWith: [1, IRAN] }),
      200,
    );
    await expectStatus(t.api.patch(`/api/v1/entity/${id}/sanctions-review`, REVIEWED), 200);
    const owner = await expectStatus(
      t.api.post<Json>(
        `/api/v1/entity/${id}/ubo-create`,
        uboBody('Only', 'Owner', { shareholderPercentage: '100' }),
      ),
      201,
    );
    // Before the shareholding is confirmed the band is not assessed: changes leave it Undetermined.
    await expectRisk(id, ref, 'Undetermined', null);
    await finishPerson(t.api, String(owner.body.uboUUID));
    const confirm = await expectStatus(
      t.api.patch<Json>(`/api/v1/entity/${id}/shareholding-confirm`, { ownershipConfirmation: true }),
      200,
    );
    expect(confirm.body.riskReason).toBe('Score 5: base 1, 1 UBO (+1), 1 high-risk country (+3) (Low Risk)');
    await expectRisk(id, ref, 'Low Risk', 'Score 5: base 1, 1 UBO (+1), 1 high-risk country (+3) (Low Risk)');

    // Iran removed from the countries: the reason no longer lists a high-risk country.
    await expectStatus(t.api.patch(`/api/v1/entity/${id}/kyb`, { countriesTransactedWith: [1] }), 200);
    await expectRisk(id, ref, 'Low Risk', 'Score 2: base 1, 1 UBO (+1) (Low Risk)');

    await expectStatus(
      t.api.patch(`/api/v1/entity/${id}/kyb`, {
        additionalVerification: true,
        additionalVerificationReason: 'Cash-heavy business',
      }),
      200,
    );
    await expectRisk(
      id,
      ref,
      'Low Risk',
      'Score 5: base 1, 1 UBO (+1), additional verification (+3) (Low Risk)',
    );

    await expectStatus(
      t.api.patch(`/api/v1/entity/${id}/sanctions-review`, {
        adverseSearchKYC: true,
        pepConfirmReviewed: true,
      }),
      200,
    );
    await expectRisk(
      id,
      ref,
      'Low Risk',
      'Score 10: base 1, 1 UBO (+1), 1 adverse screening result (+5), additional verification (+3) (Low Risk)',
    );

    // A dashboard user adds two high-risk countries: the band crosses to High, and the event says so.
    const [updated, ...moreUpdated] = await dashboardAction(t.url, {
      partnerId,
      action: 'updateEntity',
      entityId: id,
      changes: { countriesTransactedWith: [IRAN, NORTH_KOREA] },
    });
    expect(moreUpdated).toEqual([]);
    const high =
      'Score 16: base 1, 1 UBO (+1), 2 high-risk countries (+6), 1 adverse screening result (+5), additional verification (+3) (High Risk)';
    await expectRisk(id, ref, 'High Risk', high);
    expect(event(updated!)).toEqual({ type: 'entity.updated', risk: 'High Risk', reason: high });

    // A UBO added in the dashboard: one more UBO, and the entity's recalculation is published too.
    const created = await dashboardAction(t.url, {
      partnerId,
      action: 'createUbo',
      entityId: id,
      body: uboBody('Late', 'Addition', {
        shareholderPercentage: '0',
        isShareholder: false,
        isDirector: true,
      }),
    });
    const withTwo =
      'Score 17: base 1, 2 UBOs (+2), 2 high-risk countries (+6), 1 adverse screening result (+5), additional verification (+3) (High Risk)';
    await expectRisk(id, ref, 'High Risk', withTwo);
    expect(created.map((e) => event(e).type)).toEqual(['ubo.created', 'entity.updated']);
    expect(event(created[1]!)).toMatchObject({ risk: 'High Risk', reason: withTwo });

    // A trust added in the dashboard is a node of the entity's ownership tree.
    const trust = await dashboardAction(t.url, {
      partnerId,
      action: 'addTrust',
      entityId: id,
      trustName: 'Late Family Trust',
      sharePercentage: 10,
      uboPercentage: 10,
    });
    expect(trust.map((e) => event(e).type)).toEqual(['entityTrust.created', 'entity.updated']);
    await expectRisk(
      id,
      ref,
      'High Risk',
      'Score 18: base 1, 1 tree node (+1), 2 UBOs (+2), 2 high-risk countries (+6), 1 adverse screening result (+5), additional verification (+3) (High Risk)',
    );

    // Back under the high threshold through the API: the band follows the score down.
    await expectStatus(
      t.api.patch(`/api/v1/entity/${id}/sanctions-review`, {
        adverseSearchKYC: false,
        pepConfirmReviewed: true,
      }),
      200,
    );
    await expectRisk(
      id,
      ref,
      'Low Risk',
      'Score 13: base 1, 1 tree node (+1), 2 UBOs (+2), 2 high-risk countries (+6), additional verification (+3) (Low Risk)',
    );
  });

  it('keeps a band set by hand until a change moves the score', async () => {
    const ref = `risk-hand-${randomUUID()}`;
    const entity = await createEntity(t.api, {
      entityRegName: 'Banded By Hand Traders',
      entityRegNumber: '2015/000000/07',
      clientReference: ref,
    });
    const id = entity.id;
    await expectStatus(t.api.patch(`/api/v1/entity/${id}/kyb`, KYB), 200);
    await expectStatus(t.api.patch(`/api/v1/entity/${id}/sanctions-review`, REVIEWED), 200);
    const owner = await expectStatus(
      t.api.post<Json>(
        `/api/v1/entity/${id}/ubo-create`,
        uboBody('Hand', 'Owner', { shareholderPercentage: '100' }),
      ),
      201,
    );
    await finishPerson(t.api, String(owner.body.uboUUID));
    await expectStatus(
      t.api.patch(`/api/v1/entity/${id}/shareholding-confirm`, { ownershipConfirmation: true }),
      200,
    );
    await dashboardAction(t.url, {
      partnerId,
      action: 'updateEntity',
      entityId: id,
      changes: { riskStatus: 'High Risk', riskReason: 'Raised at head office' },
    });
    // A change that moves no score input (the telephone number) leaves the band as set.
    await expectStatus(t.api.patch(`/api/v1/entity/${id}/kyb`, { entityTelNumber: '+27 11 555 0199' }), 200);
    await expectRisk(id, ref, 'High Risk', 'Raised at head office');
    await expectStatus(
      t.api.patch(`/api/v1/entity/${id}/kyb`, { countriesTransactedWith: [1, 2, 11, IRAN] }),
      200,
    );
    await expectRisk(id, ref, 'Low Risk', 'Score 5: base 1, 1 UBO (+1), 1 high-risk country (+3) (Low Risk)');
  });
});

describe('path B: the ownership diagram and the risk page give the same band', () => {
  it('recalculates after the PEP review, KYB changes and a trust added in the dashboard', async () => {
    const ref = `risk-b-${randomUUID()}`;
    const entity = await createEntity(t.api, {
      entityRegName: 'Diagram Agrees Holdings',
      entityRegNumber: '2018/000000/07',
      entityType: TYPES.layered,
      clientReference: ref,
    });
    const id = entity.id;
    await expectStatus(
      t.api.patch(`/api/v1/entity/${id}/kyb`, {
        sameEntityName: true,
        addressCountry: 1,
        countriesTransactedWith: [1],
      }),
      200,
    );
    await expectStatus(t.api.patch(`/api/v1/entity/${id}/sanctions-review`, REVIEWED), 200);
    const rootGuid = randomUUID();
    const root: Json = {
      guid: rootGuid,
      shareholderType: 'Root',
      shareholderEntityName: 'Diagram Agrees Holdings',
      shareholderPercentage: 100,
      uboPercentage: 100,
      ubos: [],
      trustUbos: [],
      children: [
        {
          guid: randomUUID(),
          parentGUID: rootGuid,
          shareholderType: 'Individual',
          firstName: 'Solo',
          lastName: 'Holder',
          uboID: null,
          shareholderPercentage: 100,
          uboPercentage: 100,
          isTrustMember: false,
          isDirector: true,
          hasResolution: 'false',
          children: [],
        },
      ],
    };
    const verified = await expectStatus(
      t.api.patch<Json>(`/api/v1/entity/${id}/verify-organigram`, { entityOrganigram: [root] }),
      200,
    );
    expect(verified.body.riskReason).toBe('Score 3: base 1, 1 tree node (+1), 1 UBO (+1) (Low Risk)');
    let seen = await expectRisk(
      id,
      ref,
      'Low Risk',
      'Score 3: base 1, 1 tree node (+1), 1 UBO (+1) (Low Risk)',
    );
    expect([seen.diagram, seen.treeRoot]).toEqual(['Low Risk', 'Low Risk']);

    // The holder is a true match: adverse results need attention, and the entity's score says so at once.
    const people = (await t.api.get<Json[]>(`/api/v1/entity/${id}/directors-and-members`)).body;
    const holder = String(people[0]?.uboID);
    await expectStatus(
      t.api.patch(
        `/api/v1/entity/${holder}/director-ubo-update`,
        uboBody('Solo', 'Holder', { shareholderPercentage: '100' }),
      ),
      200,
    );
    await finishPerson(t.api, holder, { adverseSearchKYC: true, pepConfirmReviewed: true });
    await expectRisk(
      id,
      ref,
      'Low Risk',
      'Score 8: base 1, 1 tree node (+1), 1 UBO (+1), 1 adverse screening result (+5) (Low Risk)',
    );

    await expectStatus(
      t.api.patch(`/api/v1/entity/${id}/kyb`, {
        countriesTransactedWith: [1, IRAN, NORTH_KOREA],
        additionalVerification: true,
        additionalVerificationReason: 'Sanctioned jurisdictions',
      }),
      200,
    );
    const high =
      'Score 17: base 1, 1 tree node (+1), 1 UBO (+1), 2 high-risk countries (+6), 1 adverse screening result (+5), additional verification (+3) (High Risk)';
    const confirm = await expectStatus(
      t.api.patch<Json>(`/api/v1/entity/${id}/shareholding-confirm`, { ownershipConfirmation: true }),
      200,
    );
    expect(confirm.body).toMatchObject({ riskStatus: 'High Risk', riskReason: high });
    seen = await expectRisk(id, ref, 'High Risk', high);
    expect([seen.diagram, seen.treeRoot]).toEqual(['High Risk', 'High Risk']);

    const trust = await dashboardAction(t.url, {
      partnerId,
      action: 'addTrust',
      entityId: id,
      trustName: 'Dashboard Trust',
      sharePercentage: 5,
      uboPercentage: 5,
    });
    expect(trust.map((e) => event(e).type)).toEqual(['entityTrust.created', 'entity.updated']);
    seen = await expectRisk(
      id,
      ref,
      'High Risk',
      'Score 18: base 1, 2 tree nodes (+2), 1 UBO (+1), 2 high-risk countries (+6), 1 adverse screening result (+5), additional verification (+3) (High Risk)',
    );
    expect([seen.diagram, seen.treeRoot]).toEqual(['High Risk', 'High Risk']);

    // Iran and North Korea removed: the band drops, and the diagram drops with the page.
    await expectStatus(t.api.patch(`/api/v1/entity/${id}/kyb`, { countriesTransactedWith: [1] }), 200);
    seen = await expectRisk(
      id,
      ref,
      'Low Risk',
      'Score 12: base 1, 2 tree nodes (+2), 1 UBO (+1), 1 adverse screening result (+5), additional verification (+3) (Low Risk)',
    );
    expect([seen.diagram, seen.treeRoot]).toEqual(['Low Risk', 'Low Risk']);
  });
});
