// Sign-in cannot be guessed: at the staff sign-in form and at the token endpoint, a few failures
// are answered at once, then each further attempt waits twice as long as the last (the answer says
// how long, with Retry-After), and the tenth failure locks the account or client for 30 minutes,
// which the control API can lift early. An unknown email or client id gets exactly the same
// answers, and every failure, refusal, lock and unlock is in the security audit. The sandbox's
// clock is a test clock, so the waits are passed over instead of waited out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as client from 'openid-client';
import type { SecurityAuditEntry } from '../../../shared/api/sandbox.js';
import {
  deskAuthorization,
  deskClient,
  openAuthorization,
  submitSignIn,
  type SignInStep,
} from '../../support/oidc-login.js';
import { sandboxControl } from '../../support/sandbox.js';
import { startTestSandbox, type TestSandbox } from './helpers.js';

const MINUTE = 60_000;
const figures: string[] = [];

/** The sandbox's time, moved on by the tests. */
function testClock() {
  let now = Date.parse('2025-03-01T08:00:00Z');
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

interface Attempt {
  status: number;
  retryAfter: string | null;
  alert: string | null;
  signedIn: boolean;
}

/** What a person sees of a sign-in attempt: the status, the wait asked for, the alert, or the callback. */
function seen(step: SignInStep): Attempt {
  if (step.kind === 'callback') return { status: 303, retryAfter: null, alert: null, signedIn: true };
  const alert = /<p role="alert">([^<]*)<\/p>/.exec(step.html)?.[1] ?? null;
  return { status: step.status, retryAfter: step.headers.get('retry-after'), alert, signedIn: false };
}

async function audit(t: TestSandbox): Promise<SecurityAuditEntry[]> {
  const res = await sandboxControl(t.url, '/sandbox/v1/security-audit?limit=1000');
  expect(res.status).toBe(200);
  return (await res.json()) as SecurityAuditEntry[];
}

afterAll(() => {
  console.log(`sign-in guessing:\n${figures.join('\n')}`);
});

describe('the staff sign-in form', () => {
  const clock = testClock();
  let t: TestSandbox;
  let desk: client.Configuration;

  beforeAll(async () => {
    // The address's own limit is tested below; here it must not get in the way of the accounts'.
    t = await startTestSandbox({ clock: clock.now, signInThrottle: { address: { freeFailures: 1000 } } });
    desk = await deskClient(t.sandbox.oidc.issuer);
  });
  afterAll(() => t.stop());

  const staff = (role: string) => t.sandbox.staff.find((a) => a.role === role)!;

  /** One attempt in a fresh browser. */
  async function attempt(email: string, password: string): Promise<Attempt> {
    const { browser, step } = await openAuthorization((await deskAuthorization(desk)).url);
    if (step.kind !== 'page') throw new Error('expected the sign-in form');
    return seen(await submitSignIn(browser, step, email, password));
  }

  it('slows a guesser down, locks the account at the tenth wrong password, and answers an unknown email alike', async () => {
    const capturer = staff('capturer');
    const unknown = 'nobody-here@demo.partner.example';
    const answers: Array<[Attempt, Attempt]> = [];
    let guesses = 0;
    let waited = 0;
    for (;;) {
      const known = await attempt(capturer.email, `wrong guess ${guesses}`);
      const stranger = await attempt(unknown, `wrong guess ${guesses}`);
      answers.push([known, stranger]);
      expect(stranger).toEqual(known);
      expect(known.signedIn).toBe(false);
      if (known.status === 200) guesses++;
      if (known.alert?.includes('locked')) break;
      if (known.retryAfter) {
        // Trying again before the wait is over is refused without looking at the password.
        const early = await attempt(capturer.email, capturer.password);
        expect(early).toMatchObject({ status: 429, signedIn: false });
        expect(early.alert).toMatch(/wait \d+ seconds? before you try again/);
        clock.advance(Number(known.retryAfter) * 1000);
        waited += Number(known.retryAfter);
      }
      if (guesses > 20) throw new Error('never locked');
    }
    const statuses = answers.map(([known]) => known);
    expect(
      statuses.slice(0, 3).every((a) => a.retryAfter === null && a.alert === 'Wrong email or password.'),
    ).toBe(true);
    expect(statuses[3]).toMatchObject({ retryAfter: '1' });
    expect(statuses[3]!.alert).toBe(
      'Wrong email or password. Too many failed attempts: wait 1 second before you try again.',
    );
    expect(statuses.map((a) => a.retryAfter)).toEqual([
      null,
      null,
      null,
      '1',
      '2',
      '4',
      '8',
      '16',
      '32',
      '1800',
    ]);
    expect(guesses).toBe(10);
    expect(statuses.at(-1)!.alert).toBe(
      'Wrong email or password. Too many failed attempts: this account is locked for 30 minutes. An administrator can unlock it sooner.',
    );

    // Locked: the right password does not sign in, and the page says so the same way for anyone.
    const locked = await attempt(capturer.email, capturer.password);
    const strangerLocked = await attempt(unknown, capturer.password);
    expect(locked).toMatchObject({ status: 429, retryAfter: '1800', signedIn: false });
    expect(locked.alert).toBe(
      'Too many failed attempts: this account is locked for 30 minutes. An administrator can unlock it sooner.',
    );
    expect(strangerLocked).toEqual(locked);
    figures.push(
      `  staff sign-in: ${guesses} wrong passwords before the lock-out (waits of ${waited} s between them in all), locked for 30 minutes; an unknown email answered alike`,
    );

    // An administrator lifts the lock: the capturer signs in at once.
    const unlock = await sandboxControl(
      t.url,
      `/sandbox/v1/partners/${t.sandbox.demoPartner.partnerId}/users/${capturer.userId}/unlock`,
      { method: 'POST', body: {} },
    );
    expect(unlock.status).toBe(204);
    expect(await attempt(capturer.email, capturer.password)).toMatchObject({ signedIn: true });

    const entries = await audit(t);
    const of = (event: string, subject: string) =>
      entries.filter((e) => e.event === event && e.subject === subject).length;
    const account = `account:${capturer.email}`;
    expect(of('sign-in.failed', account)).toBe(10);
    expect(of('sign-in.failed', `account:${unknown}`)).toBe(10);
    expect(of('sign-in.locked', account)).toBe(1);
    expect(of('sign-in.locked', `account:${unknown}`)).toBe(1);
    expect(of('sign-in.refused', account)).toBe(7);
    expect(of('sign-in.unlocked', account)).toBe(1);
    expect(of('sign-in.succeeded', account)).toBe(1);
    const unlocked = entries.find((e) => e.event === 'sign-in.unlocked')!;
    expect(unlocked.detail).toMatchObject({ by: 'control API', userId: capturer.userId, wasLocked: true });
    expect(entries.find((e) => e.event === 'sign-in.failed')!.address).toBe('127.0.0.1');
  }, 120_000);

  it('lifts a lock when it runs out, and then one more wrong password locks again', async () => {
    const reviewer = staff('reviewer');
    for (let i = 0; i < 10; i++) {
      const answer = await attempt(reviewer.email, `nope ${i}`);
      if (answer.retryAfter && i < 9) clock.advance(Number(answer.retryAfter) * 1000);
    }
    expect((await attempt(reviewer.email, reviewer.password)).status).toBe(429);
    clock.advance(30 * MINUTE);
    const again = await attempt(reviewer.email, 'still guessing');
    expect(again.alert).toContain('this account is locked for 30 minutes');
    clock.advance(30 * MINUTE);
    expect(await attempt(reviewer.email, reviewer.password)).toMatchObject({ signedIn: true });
  }, 120_000);

  it('a new password set by the control API lifts the lock', async () => {
    const admin = staff('admin');
    for (let i = 0; i < 10; i++) {
      const answer = await attempt(admin.email, `nope ${i}`);
      if (answer.retryAfter && i < 9) clock.advance(Number(answer.retryAfter) * 1000);
    }
    expect((await attempt(admin.email, admin.password)).status).toBe(429);
    const set = await sandboxControl(
      t.url,
      `/sandbox/v1/partners/${t.sandbox.demoPartner.partnerId}/users/${admin.userId}/password`,
      { method: 'PUT', body: { password: 'a fresh start' } },
    );
    expect(set.status).toBe(204);
    expect(await attempt(admin.email, 'a fresh start')).toMatchObject({ signedIn: true });
    const entries = await audit(t);
    expect(entries.filter((e) => e.event === 'sign-in.unlocked').at(-1)!.detail).toMatchObject({
      by: 'password set',
    });
  }, 120_000);
});

describe('one address guessing many accounts', () => {
  const clock = testClock();
  let t: TestSandbox;
  let desk: client.Configuration;

  beforeAll(async () => {
    t = await startTestSandbox({ clock: clock.now });
    desk = await deskClient(t.sandbox.oidc.issuer);
  });
  afterAll(() => t.stop());

  it('waits longer after ten failures from one address, whatever the emails', async () => {
    const answers: Array<{ status: number; retryAfter: string | null }> = [];
    for (let i = 0; i < 12; i++) {
      const { browser, step } = await openAuthorization((await deskAuthorization(desk)).url);
      if (step.kind !== 'page') throw new Error('expected the sign-in form');
      const after = seen(await submitSignIn(browser, step, `person${i}@demo.partner.example`, 'password1'));
      answers.push({ status: after.status, retryAfter: after.retryAfter });
    }
    expect(answers.slice(0, 10).every((a) => a.status === 200 && a.retryAfter === null)).toBe(true);
    expect(answers[10]).toEqual({ status: 200, retryAfter: '1' });
    // Before the second is up, the address waits whatever the email.
    expect(answers[11]).toEqual({ status: 429, retryAfter: '1' });
    const entries = await audit(t);
    expect(entries.filter((e) => e.event === 'sign-in.refused').map((e) => e.subject)).toEqual([
      'address:127.0.0.1',
    ]);
  }, 120_000);
});

describe('the token endpoint', () => {
  const clock = testClock();
  let t: TestSandbox;

  beforeAll(async () => {
    t = await startTestSandbox({
      clock: clock.now,
      signInThrottle: { clientAddress: { freeFailures: 1000 } },
    });
  });
  afterAll(() => t.stop());

  async function token(clientId: string, clientSecret: string) {
    const res = await fetch(`${t.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    const body = (await res.json()) as { error?: string; error_description?: string; access_token?: string };
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      error: body.error,
      description: body.error_description,
    };
  }

  it('slows wrong client secrets down, locks the client at the tenth, answers an unknown client alike, and unlocks', async () => {
    const { clientId, clientSecret, partnerId } = t.sandbox.demoPartner;
    const unknownId = 'sbx_not_a_client';
    const seenAnswers: Array<Awaited<ReturnType<typeof token>>> = [];
    let guesses = 0;
    for (;;) {
      const known = await token(clientId, `wrong-${guesses}`);
      const stranger = await token(unknownId, `wrong-${guesses}`);
      expect(stranger).toEqual(known);
      seenAnswers.push(known);
      if (known.status === 401) guesses++;
      if (known.description?.includes('locked')) break;
      if (known.retryAfter) {
        const early = await token(clientId, clientSecret);
        expect(early).toMatchObject({ status: 429, error: 'temporarily_unavailable' });
        expect(early.description).toMatch(/wait \d+ seconds? before you try again/);
        clock.advance(Number(known.retryAfter) * 1000);
      }
      if (guesses > 20) throw new Error('never locked');
    }
    expect(guesses).toBe(10);
    expect(seenAnswers.map((a) => a.retryAfter)).toEqual([
      null,
      null,
      null,
      '1',
      '2',
      '4',
      '8',
      '16',
      '32',
      '1800',
    ]);
    expect(seenAnswers.every((a) => a.status === 401 && a.error === 'invalid_client')).toBe(true);

    const locked = await token(clientId, clientSecret);
    expect(locked).toMatchObject({ status: 429, retryAfter: '1800', error: 'temporarily_unavailable' });
    expect(locked.description).toContain('this client is locked for 30 minutes');
    expect(await token(unknownId, clientSecret)).toEqual(locked);
    figures.push(
      `  token endpoint: ${guesses} wrong client secrets before the lock-out, then 429 for 30 minutes; an unknown client id answered alike`,
    );

    const unlock = await sandboxControl(t.url, `/sandbox/v1/partners/${partnerId}/unlock`, {
      method: 'POST',
      body: {},
    });
    expect(unlock.status).toBe(204);
    expect((await token(clientId, clientSecret)).status).toBe(200);

    const entries = await audit(t);
    const subject = `client:${clientId}`;
    expect(entries.filter((e) => e.event === 'client.failed' && e.subject === subject)).toHaveLength(10);
    expect(entries.filter((e) => e.event === 'client.locked' && e.subject === subject)).toHaveLength(1);
    expect(entries.filter((e) => e.event === 'client.unlocked' && e.subject === subject)).toHaveLength(1);
    expect(
      entries.filter((e) => e.event === 'client.refused' && e.subject === subject).length,
    ).toBeGreaterThan(0);
  }, 120_000);
});
