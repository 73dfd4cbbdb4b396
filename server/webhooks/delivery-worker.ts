// The background loop that sends queued deliveries (contract §8). It runs on timers beside the
// API, so a slow or dead receiver never holds up a request; every outcome is written to the
// outbox before the next try is planned. Each subscription has its own few delivery slots and no
// pool is shared between subscriptions, so a receiver that hangs until the timeout delays only
// its own subscription's deliveries, never another partner's.
import type { Outbox, ClaimedDelivery } from './outbox.js';
import type { SubscriptionStore } from './subscription-store.js';
import { signDelivery } from './signing.js';
import { retryDelayMs, MAX_ATTEMPTS } from './retry-schedule.js';
import { postRaw, type PostOutcome } from './http-post.js';
import { publicOnlyLookup, subscriptionUrlProblem, type ServerMode } from './url-policy.js';

export interface DeliveryWorkerOptions {
  outbox: Outbox;
  subscriptions: SubscriptionStore;
  mode: ServerMode;
  /** Scales the retry schedule; 0.001 runs it a thousand times faster. */
  timeScale: number;
  timeoutMs?: number;
  /** Tries in flight at once for one subscription. */
  slotsPerSubscription?: number;
  /** Longest sleep between looks at the outbox. */
  maxIdleMs?: number;
  random?: () => number;
  now?: () => number;
  /** Sends one request; replaceable so unit tests need no receiver. */
  post?: typeof postRaw;
}

export const DELIVERY_TIMEOUT_MS = 15_000;
export const SLOTS_PER_SUBSCRIPTION = 4;
/** Rows claimed per look at the outbox; more due rows are claimed on the next look, at once. */
const CLAIM_BATCH = 64;
/** A claim outlives the timeout, so only a try whose process died is ever taken over. */
const LEASE_MARGIN_MS = 15_000;

export class DeliveryWorker {
  private readonly timeoutMs: number;
  private readonly slotsPerSubscription: number;
  private readonly maxIdleMs: number;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly post: typeof postRaw;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    this.slotsPerSubscription = options.slotsPerSubscription ?? SLOTS_PER_SUBSCRIPTION;
    this.maxIdleMs = options.maxIdleMs ?? 1000;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.post = options.post ?? postRaw;
  }

  /** Starts the loop; rows left pending (or claimed by a process that died) are resumed. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Looks at the outbox now (a new event was queued or a try finished). */
  kick(): void {
    if (this.running) this.schedule(0);
  }

  /** Stops planning tries and waits for the ones under way, so their outcome is recorded. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.inFlight]);
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), Math.max(0, delayMs));
    this.timer.unref();
  }

  /** Claims what is due now and sends it; resolves once those tries are recorded (tests, tools). */
  async runDue(): Promise<void> {
    await Promise.allSettled(this.claimAndSend());
  }

  private claimAndSend(): Array<Promise<void>> {
    const claimed = this.options.outbox.claimDue(
      CLAIM_BATCH,
      this.timeoutMs + LEASE_MARGIN_MS,
      this.now(),
      this.slotsPerSubscription,
    );
    return claimed.map((delivery) => {
      const task = this.deliver(delivery).finally(() => {
        this.inFlight.delete(task);
        this.kick();
      });
      this.inFlight.add(task);
      return task;
    });
  }

  private tick(): void {
    this.timer = undefined;
    if (!this.running) return;
    try {
      this.claimAndSend();
    } catch {
      // The database may be closing; the next tick (or the next start) tries again.
    }
    if (!this.running) return;
    const due = this.safeNextDue();
    const wait = due === undefined ? this.maxIdleMs : Math.min(this.maxIdleMs, Math.max(due - this.now(), 1));
    this.schedule(wait);
  }

  private safeNextDue(): number | undefined {
    try {
      return this.options.outbox.nextDueAt(this.now(), this.slotsPerSubscription);
    } catch {
      return undefined;
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const { outbox, subscriptions } = this.options;
    const subscription = subscriptions.byId(delivery.subscriptionId);
    if (!subscription || !subscription.enabled) {
      outbox.finish(
        delivery.id,
        { status: 'skipped', attempts: delivery.attempts, error: 'subscription deleted or disabled' },
        this.now(),
      );
      return;
    }
    const timestamp = Math.floor(this.now() / 1000);
    const signature = signDelivery(subscription.secret, delivery.eventId, timestamp, delivery.body);
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'User-Agent': 'FICA-Sandbox-Webhooks/1',
      'X-Service-Event-Id': delivery.eventId,
      'X-Service-Event-Type': delivery.eventType,
      'X-Service-Signature': signature,
      'X-Service-Timestamp': String(timestamp),
      'webhook-id': delivery.eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
    };
    let outcome: PostOutcome;
    // Live mode checks the URL on every try too: a literal address skips the DNS check below.
    const refused = this.options.mode === 'live' ? subscriptionUrlProblem(subscription.url, 'live') : null;
    try {
      if (refused) throw new Error(refused);
      outcome = await this.post(subscription.url, headers, delivery.body, {
        timeoutMs: this.timeoutMs,
        ...(this.options.mode === 'live' ? { lookup: publicOnlyLookup } : {}),
      });
    } catch (error) {
      outcome = { kind: 'error', message: error instanceof Error ? error.message : String(error) };
    }
    const attempts = delivery.attempts + 1;
    const now = this.now();
    try {
      if (outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300) {
        outbox.finish(delivery.id, { status: 'succeeded', attempts, httpStatus: outcome.status }, now);
        return;
      }
      if (outcome.kind === 'response' && outcome.status === 410) {
        // 410 Gone: the receiver says this endpoint will never accept again.
        subscriptions.disable(subscription.id, 'The receiver answered 410 Gone');
        outbox.finish(
          delivery.id,
          { status: 'failed', attempts, httpStatus: 410, error: 'Gone: subscription disabled' },
          now,
        );
        return;
      }
      const error =
        outcome.kind === 'error'
          ? outcome.message
          : outcome.status >= 300 && outcome.status < 400
            ? `redirect ${outcome.status} not followed`
            : `HTTP ${outcome.status}`;
      const httpStatus = outcome.kind === 'response' ? outcome.status : undefined;
      const delay =
        attempts >= MAX_ATTEMPTS ? null : retryDelayMs(attempts, this.options.timeScale, this.random);
      if (delay === null) {
        outbox.finish(
          delivery.id,
          { status: 'failed', attempts, error, ...(httpStatus ? { httpStatus } : {}) },
          now,
        );
      } else {
        outbox.finish(
          delivery.id,
          {
            status: 'pending',
            attempts,
            nextAttemptAt: now + delay,
            error,
            ...(httpStatus ? { httpStatus } : {}),
          },
          now,
        );
      }
    } catch {
      // The database closed under us (shutdown without stop): the lease expires and the row is tried again.
    }
  }
}
