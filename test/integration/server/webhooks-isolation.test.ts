// One partner's receiver that never answers must not hold up another partner's webhooks: a real
// sandbox, a real receiver that accepts connections and never replies, and a real one that does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_TIMEOUT_MS } from '../../../server/webhooks/delivery-worker.js';
import {
  createPartner,
  expectStatus,
  startTestSandbox,
  type NewPartner,
  type TestSandbox,
} from './helpers.js';
import { TestReceiver, dashboardAction } from './webhooks-test-receiver.js';

/** Accepts each delivery and never answers it; counts the tries that are still open. */
class HangingReceiver {
  open = 0;
  received = 0;
  private constructor(private readonly server: Server) {}

  static async start(): Promise<HangingReceiver> {
    const receiver: HangingReceiver = new HangingReceiver(
      createServer((req) => {
        receiver.received += 1;
        receiver.open += 1;
        req.resume();
        req.socket.once('close', () => (receiver.open -= 1));
      }),
    );
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let t: TestSandbox;
let hanging: HangingReceiver;
let healthy: TestReceiver;
let slowPartner: NewPartner;

beforeAll(async () => {
  t = await startTestSandbox({ webhookTimeScale: 0.001 });
  hanging = await HangingReceiver.start();
  healthy = await TestReceiver.start();
  slowPartner = await createPartner(t.url, { name: 'Slow receiver', balance: 10_000 });
  await expectStatus(
    slowPartner.client.post('/api/v1/webhooks/subscriptions', {
      name: 'Hangs',
      url: hanging.url(),
      enabled: true,
      eventTypes: ['entity.created'],
    }),
    201,
  );
  await expectStatus(
    t.api.post('/api/v1/webhooks/subscriptions', {
      name: 'Answers',
      url: healthy.url(),
      enabled: true,
      eventTypes: ['entity.created'],
    }),
    201,
  );
});
afterAll(async () => {
  // The sandbox first: stopping waits for its tries under way, which end when the receiver closes.
  await hanging.stop();
  await t.stop();
  await healthy.stop();
});

const createEntity = (partnerId: string, n: number) =>
  dashboardAction(t.url, {
    partnerId,
    action: 'createEntity',
    body: { entityRegName: `Isolated ${n} Ltd`, entityRegNumber: '2015/000000/07', entityType: 1 },
  });

describe('webhook isolation between receivers', () => {
  it("delivers a partner's event while another partner's receiver hangs", async () => {
    // More hanging tries than a shared pool of a few slots would hold.
    const hangingEvents = 8;
    for (let n = 0; n < hangingEvents; n += 1) await createEntity(slowPartner.partnerId, n);
    await healthy.waitFor(() => hanging.open >= 1, 'the hanging receiver to hold a try');

    const sentAt = Date.now();
    const [eventId] = await createEntity(t.sandbox.demoPartner.partnerId, 100);
    // Well inside the hanging tries' timeout: nothing the hanging receiver holds has ended yet.
    await healthy.waitFor(
      () => healthy.of(eventId!).length > 0,
      'the healthy receiver',
      DELIVERY_TIMEOUT_MS - 3000,
    );
    const delayMs = Date.now() - sentAt;
    console.log(
      `webhook isolation: delivered in ${delayMs} ms while ${hanging.open} tries hung at the other partner's receiver`,
    );
    expect(hanging.open).toBeGreaterThanOrEqual(1);
    expect(hanging.received).toBe(hanging.open);
  });
});
