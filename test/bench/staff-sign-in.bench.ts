// Staff sign-in costs: one scrypt hash of a chosen and of a generated password, creating a partner
// through the control API (three generated passwords hashed side by side on the thread pool), the
// sandbox's first /oidc answer (the provider is loaded and its keys made then), a whole sign-in
// (authorization, form, code exchange) as the desk does it, and how long a failed sign-in takes to
// be answered for an account with a generated password, one with a chosen password, an email no
// account has, and a locked account: the same, give or take, so the time does not tell which.
// Prints medians; it fails only when a request fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startSandbox } from '../../server/index.js';
import { hashPassword } from '../../server/auth/passwords.js';
import {
  deskAuthorization,
  deskClient,
  openAuthorization,
  signInWithDesk,
  submitSignIn,
} from '../support/oidc-login.js';
import { controlHeaders, rememberControlSecret } from '../support/sandbox.js';

const RUNS = 15;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Median time of `run`, or of the times it answers itself (when it times only a part of its work). */
async function timed(times: number, run: () => Promise<unknown>): Promise<number> {
  const taken: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    const own = await run();
    taken.push(typeof own === 'number' ? own : performance.now() - start);
  }
  return median(taken);
}

const dataDir = mkdtempSync(join(tmpdir(), 'fica-bench-sign-in-'));
// Waits would stretch the failed answers measured below; the lock comes at the tenth failure anyway.
const sandbox = await startSandbox({
  port: 0,
  dataDir,
  rateLimit: { max: 100_000 },
  signInThrottle: { account: { freeFailures: 1_000 }, address: { freeFailures: 1_000 } },
});
rememberControlSecret(sandbox);
try {
  const hash = await timed(RUNS, () => hashPassword('correct horse battery'));
  const generatedHash = await timed(RUNS, () => hashPassword('k7pm-x3qa-2hvn', 'generated'));
  const createPartner = await timed(RUNS, async () => {
    const res = await fetch(`${sandbox.url}/sandbox/v1/partners`, {
      method: 'POST',
      headers: { ...controlHeaders(sandbox.url), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Bank' }),
    });
    if (res.status !== 201) throw new Error(`partner create answered ${res.status}`);
    await res.arrayBuffer();
  });
  const firstAnswer = await timed(1, async () => {
    const res = await fetch(`${sandbox.oidc.issuer}/.well-known/openid-configuration`);
    if (res.status !== 200) throw new Error(`discovery answered ${res.status}`);
    await res.arrayBuffer();
  });
  const desk = await deskClient(sandbox.oidc.issuer);
  const reviewer = sandbox.staff.find((a) => a.role === 'reviewer')!;
  const signIn = await timed(RUNS, () => signInWithDesk(desk, reviewer.email, reviewer.password));

  /** The form's answer to a wrong password, in a fresh browser (the form shown first is not timed). */
  const failed = (email: string) =>
    timed(RUNS, async () => {
      const { browser, step } = await openAuthorization((await deskAuthorization(desk)).url);
      if (step.kind !== 'page') throw new Error('expected the sign-in form');
      const start = performance.now();
      const answer = await submitSignIn(browser, step, email, 'not the password');
      const taken = performance.now() - start;
      if (answer.kind !== 'page' || (answer.status !== 200 && answer.status !== 429))
        throw new Error('a wrong password was not refused');
      return taken;
    });
  const capturer = sandbox.staff.find((a) => a.role === 'capturer')!;
  const admin = sandbox.staff.find((a) => a.role === 'admin')!;
  const chosen = await fetch(
    `${sandbox.url}/sandbox/v1/partners/${sandbox.demoPartner.partnerId}/users/${admin.userId}/password`,
    {
      method: 'PUT',
      headers: { ...controlHeaders(sandbox.url), 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'a password someone chose' }),
    },
  );
  if (chosen.status !== 204) throw new Error(`setting a password answered ${chosen.status}`);
  const wrongGenerated = await failed(capturer.email);
  const wrongChosen = await failed(admin.email);
  const unknown = await failed('nobody@demo.partner.example');
  // The capturer's fifteen failures above locked it at the tenth.
  const locked = await failed(capturer.email);

  const ms = (value: number): string => `${value.toFixed(1)} ms`;
  console.log(`scrypt hash, chosen password (median of ${RUNS}):   ${ms(hash)}`);
  console.log(`scrypt hash, generated password (median):       ${ms(generatedHash)}`);
  console.log(`POST /sandbox/v1/partners, 3 accounts (median):  ${ms(createPartner)}`);
  console.log(`first /oidc answer (provider loaded, keys made): ${ms(firstAnswer)}`);
  console.log(`whole sign-in: authorize, form, code (median):   ${ms(signIn)}`);
  console.log(`failed sign-in answered, generated password:     ${ms(wrongGenerated)}`);
  console.log(`failed sign-in answered, chosen password:        ${ms(wrongChosen)}`);
  console.log(`failed sign-in answered, unknown email:          ${ms(unknown)}`);
  console.log(`failed sign-in answered, locked account:         ${ms(locked)}`);
} finally {
  await sandbox.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
