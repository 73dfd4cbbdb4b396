// Staff sign-in costs: one scrypt hash of a password a person chose and of a generated one, creating
// a partner through the control API (three generated passwords hashed side by side on the thread
// pool), the sandbox's first /oidc answer (the provider is loaded and its keys made then), how long a
// failed sign-in takes to be answered for an account with a generated password, one with a chosen
// password, an email no account has, and a locked account (the same, give or take, so the time does
// not tell which), and the core's own sign-in round trip as a person makes it with the password they
// chose: `staff.beginSignIn`, the identity provider's authorization request and sign-in form, the
// redirect to the core's loopback callback, and the core's code exchange, until the core says who is
// signed in. The sandbox runs in a process of its own. Prints medians and the machine's load
// average; it fails only when a request fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../../server/auth/passwords.js';
import { startTestCore, waitFor } from '../support/core-harness.js';
import { memorySecretStores } from '../support/memory-secret-store.js';
import { deskAuthorization, deskClient, openAuthorization, submitSignIn } from '../support/oidc-login.js';
import { startSandboxChild } from '../support/sandbox-child.js';
import { prepareStaff, submitSignInForm, TEST_STAFF_PASSWORD } from '../support/staff-sign-in.js';
import { loadAverage } from './support/load-average.js';
import { median } from './support/median.js';

const RUNS = 15;

/** The times of `run`, or the times it answers itself (when it times only a part of its work). */
async function timed(times: number, run: () => Promise<unknown>): Promise<number[]> {
  const taken: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    const own = await run();
    taken.push(typeof own === 'number' ? own : performance.now() - start);
  }
  return taken;
}

console.log(`staff-sign-in: ${loadAverage()}`);
const dataDir = mkdtempSync(join(tmpdir(), 'fica-bench-sign-in-'));
// Waits would stretch the failed answers measured below; the lock comes at the tenth failure anyway.
const sandbox = await startSandboxChild(join(dataDir, 'sandbox'), {
  signInThrottle: { account: { freeFailures: 1_000 }, address: { freeFailures: 1_000 } },
});
try {
  const hash = median(await timed(RUNS, () => hashPassword(TEST_STAFF_PASSWORD)));
  const generatedHash = median(await timed(RUNS, () => hashPassword('k7pm-x3qa-2hvn', 'generated')));
  const createPartner = median(
    await timed(RUNS, async () => {
      const res = await fetch(`${sandbox.url}/sandbox/v1/partners`, {
        method: 'POST',
        headers: { ...sandbox.controlHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench Bank' }),
      });
      if (res.status !== 201) throw new Error(`partner create answered ${res.status}`);
      await res.arrayBuffer();
    }),
  );
  const [firstAnswer] = await timed(1, async () => {
    const res = await fetch(`${sandbox.issuer}/.well-known/openid-configuration`);
    if (res.status !== 200) throw new Error(`discovery answered ${res.status}`);
    await res.arrayBuffer();
  });

  /** The form's answer to a wrong password, in a fresh browser (the form shown first is not timed). */
  const desk = await deskClient(sandbox.issuer);
  const failed = async (email: string) =>
    median(
      await timed(RUNS, async () => {
        const { browser, step } = await openAuthorization((await deskAuthorization(desk)).url);
        if (step.kind !== 'page') throw new Error('expected the sign-in form');
        const start = performance.now();
        const answer = await submitSignIn(browser, step, email, 'not the password');
        const taken = performance.now() - start;
        if (answer.kind !== 'page' || (answer.status !== 200 && answer.status !== 429))
          throw new Error('a wrong password was not refused');
        return taken;
      }),
    );
  const capturer = sandbox.staff.find((a) => a.role === 'capturer')!;
  const admin = sandbox.staff.find((a) => a.role === 'admin')!;
  const chosen = await fetch(
    `${sandbox.url}/sandbox/v1/partners/${sandbox.partnerId}/users/${admin.userId}/password`,
    {
      method: 'PUT',
      headers: { ...sandbox.controlHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'a password someone chose' }),
    },
  );
  if (chosen.status !== 204) throw new Error(`setting a password answered ${chosen.status}`);
  const wrongGenerated = await failed(capturer.email);
  const wrongChosen = await failed(admin.email);
  const unknown = await failed('nobody@demo.partner.example');
  // The capturer's fifteen failures above locked it at the tenth.
  const locked = await failed(capturer.email);

  const t = await startTestCore({
    dataDir: join(dataDir, 'core'),
    secretStore: memorySecretStores(),
    sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
  });
  // The reviewer's password is one a person chose (set as they would, through the control API).
  const reviewer = (
    await prepareStaff({
      url: sandbox.url,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      controlSecret: sandbox.controlSecret,
    })
  ).find((a) => a.role === 'reviewer')!;
  const signIn = async () => {
    const { url } = await t.call('staff.beginSignIn', {});
    const callback = await submitSignInForm(url, reviewer.email, TEST_STAFF_PASSWORD);
    const answer = await fetch(callback);
    if (!answer.ok) throw new Error(`the loopback callback answered ${answer.status}`);
    await answer.arrayBuffer();
    await waitFor(
      'the reviewer signed in',
      () => t.call('status.get', {}),
      (s) => s.currentUserId === reviewer.userId,
    );
  };
  const rounds: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    await t.call('staff.signOut', {});
    const used = process.cpuUsage();
    const [ms] = await timed(1, signIn);
    const spent = process.cpuUsage(used);
    // The first sign-in of the core loads the OpenID client and discovers the provider: timed apart.
    if (i === 0)
      console.log(`core's first sign-in (client loaded, provider discovered): ${ms!.toFixed(1)} ms`);
    else {
      rounds.push(ms!);
      cpu.push((spent.user + spent.system) / 1000);
    }
  }
  await t.core.shutdown();

  const ms = (value: number): string => `${value.toFixed(1)} ms`;
  console.log(`scrypt hash, chosen password (median of ${RUNS}):   ${ms(hash)}`);
  console.log(`scrypt hash, generated password (median):       ${ms(generatedHash)}`);
  console.log(`POST /sandbox/v1/partners, 3 accounts (median):  ${ms(createPartner)}`);
  console.log(`first /oidc answer (provider loaded, keys made): ${ms(firstAnswer!)}`);
  console.log(`failed sign-in answered, generated password:     ${ms(wrongGenerated)}`);
  console.log(`failed sign-in answered, chosen password:        ${ms(wrongChosen)}`);
  console.log(`failed sign-in answered, unknown email:          ${ms(unknown)}`);
  console.log(`failed sign-in answered, locked account:         ${ms(locked)}`);
  console.log(
    `the core's sign-in round trip with a chosen password (median of ${RUNS}): ${ms(median(rounds))} (lowest ${ms(Math.min(...rounds))}, highest ${ms(Math.max(...rounds))}); this process's CPU ${ms(median(cpu))} (the bench's form-filling client included, the sandbox's not)`,
  );
  console.log(`staff-sign-in done: ${loadAverage()}`);
} finally {
  sandbox.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
