// The partner's reviewer in the dashboard (sandbox control API): a decision recorded at whatever step
// the application was (an entity's published as entity.updated, an individual's with no event), a
// band set by hand, and another partner's record not found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubscriptionCreatedSchema, WEBHOOK_EVENT_TYPES } from '../../../shared/api/webhooks.js';
import { createPartner, expectStatus, startTestSandbox, type TestSandbox } from './helpers.js';
import { TestReceiver, dashboardAction } from './webhooks-test-receiver.js';
import { controlHeaders } from '../../support/sandbox.js';

let t: TestSandbox;
let receiver: TestReceiver;
let partnerId: string;

beforeAll(async () => {
  t = await startTestSandbox({ webhookTimeScale: 0.001 });
  receiver = await TestReceiver.start();
  partnerId = t.sandbox.demoPartner.partnerId;
  const created = await expectStatus(
    t.api.post('/api/v1/webhooks/subscriptions', {
      name: 'All events',
      url: receiver.url(),
      enabled: true,
      eventTypes: [...WEBHOOK_EVENT_TYPES],
    }),
    201,
  );
  SubscriptionCreatedSchema.parse(created.body);
});
afterAll(async () => {
  await t.stop();
  await receiver.stop();
});

describe('dashboard decisions', () => {
  it('approves an entity before its workflow is done, and publishes the change as entity.updated', async () => {
    const entity = await expectStatus(
      t.api.post<{ id: string }>('/api/v1/entity', {
        entityRegName: 'Decided Elsewhere Ltd',
        entityRegNumber: '2015/000001/07',
        entityType: 1,
      }),
      201,
    );
    const entityId = entity.body.id;
    const [eventId, ...more] = await dashboardAction(t.url, {
      partnerId,
      action: 'decideEntity',
      entityId,
      onboardingDecision: 'Approved',
      additionalComments: 'Approved at head office',
      nextFicaReviewDate: '2027-11-26T00:00:00Z',
    });
    expect(more).toEqual([]);
    const record = await expectStatus(t.api.get<Record<string, unknown>>(`/api/v1/entity/${entityId}`), 200);
    expect(record.body).toMatchObject({
      onboardingDecision: 'Approved',
      ficaStatus: 'Approved',
      approvedComments: 'Approved at head office',
    });
    expect(record.body.approvalDate).toEqual(expect.any(String));
    expect(String(record.body.nextFicaReviewDate)).toMatch(/^2027-11-26/);

    await receiver.waitFor(() => receiver.of(eventId!).length > 0, 'the entity.updated delivery');
    const event = JSON.parse(receiver.of(eventId!)[0]!.rawBody) as {
      eventType: string;
      sourceId: string;
      data: Record<string, unknown>;
    };
    expect(event).toMatchObject({
      eventType: 'entity.updated',
      sourceId: entityId,
      data: { onboardingDecision: 'Approved', ficaStatus: 'Approved' },
    });
  });

  it('sets an entity’s band by hand, published as entity.updated, and refuses a band it does not know', async () => {
    const entity = await expectStatus(
      t.api.post<{ id: string }>('/api/v1/entity', {
        entityRegName: 'Banded By Hand Ltd',
        entityRegNumber: '2015/000001/07',
        entityType: 1,
      }),
      201,
    );
    const [eventId] = await dashboardAction(t.url, {
      partnerId,
      action: 'updateEntity',
      entityId: entity.body.id,
      changes: { riskStatus: 'High Risk', riskReason: 'Raised at head office' },
    });
    const record = await expectStatus(
      t.api.get<Record<string, unknown>>(`/api/v1/entity/${entity.body.id}`),
      200,
    );
    expect(record.body).toMatchObject({ riskStatus: 'High Risk', riskReason: 'Raised at head office' });
    await receiver.waitFor(() => receiver.of(eventId!).length > 0, 'the entity.updated delivery');
    expect(JSON.parse(receiver.of(eventId!)[0]!.rawBody)).toMatchObject({
      eventType: 'entity.updated',
      data: { entityRisk: 'High Risk' },
    });
    const res = await fetch(`${t.url}/sandbox/v1/dashboard-actions`, {
      method: 'POST',
      headers: { ...controlHeaders(t.url), 'content-type': 'application/json' },
      body: JSON.stringify({
        partnerId,
        action: 'updateEntity',
        entityId: entity.body.id,
        changes: { riskStatus: 'Severe' },
      }),
    });
    expect(res.status).toBe(400);
  });

  it('declines an individual as the reviewer, with no event', async () => {
    const created = await expectStatus(
      t.api.post<{ id: string }>('/api/v1/individual', {
        firstName: 'Ivy',
        lastName: 'Individual',
        clientSACitizen: true,
        idNumber: '8001015009087',
      }),
      201,
    );
    const eventIds = await dashboardAction(t.url, {
      partnerId,
      action: 'decideIndividual',
      individualId: created.body.id,
      onboardingDecision: 'Declined',
      additionalComments: 'Declined at head office',
    });
    expect(eventIds).toEqual([]);
    const record = await expectStatus(
      t.api.get<Record<string, unknown>>(`/api/v1/individual/${created.body.id}`),
      200,
    );
    expect(record.body).toMatchObject({
      onboardingDecision: 'Declined',
      ficaStatus: 'Declined',
      additionalComments: 'Declined at head office',
    });
  });

  it('does not decide another partner’s application', async () => {
    const other = await createPartner(t.url, { balance: 100 });
    const created = await expectStatus(
      t.api.post<{ id: string }>('/api/v1/individual', {
        firstName: 'Otto',
        lastName: 'Other',
        clientSACitizen: true,
        idNumber: '8001015009087',
      }),
      201,
    );
    const res = await fetch(`${t.url}/sandbox/v1/dashboard-actions`, {
      method: 'POST',
      headers: { ...controlHeaders(t.url), 'content-type': 'application/json' },
      body: JSON.stringify({
        partnerId: other.partnerId,
        action: 'decideIndividual',
        individualId: created.body.id,
        onboardingDecision: 'Approved',
      }),
    });
    expect(res.status).toBe(404);
    const record = await expectStatus(
      t.api.get<Record<string, unknown>>(`/api/v1/individual/${created.body.id}`),
      200,
    );
    expect(record.body.onboardingDecision).not.toBe('Approved');
  });
});
