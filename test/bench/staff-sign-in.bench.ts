// Staff sign-in costs: one scrypt hash of a chosen and of a generated password, creating a partner
// through the control API (three generated passwords hashed side by side on the thread pool), the
// sandbox's first /oidc answer (the provider is loaded and its keys made then), and a whole sign-in (authorization, form, code exchange) as the desk
// does it. Prints medians; it fails only when a request fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startSandbox } from '../../server/index.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { deskClient, signInWithDesk } from '../support/oidc-login.js';

const RUNS = 15;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(times: number, run: () => Promise<unknown>): Promise<number> {
  const taken: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    taken.push(performance.now() - start);
  }
  return median(taken);
}

const dataDir = mkdtempSync(join(tmpdir(), 'fica-bench-sign-in-'));
const sandbox = await startSandbox({ port: 0, dataDir, rateLimit: { max: 100_000 } });
try {
  const hash = await timed(RUNS, () => hashPassword('correct horse battery'));
  const generatedHash = await timed(RUNS, () => hashPassword('k7pm-x3qa-2hvn', 'generated'));
  const createPartner = await timed(RUNS, async () => {
    const res = await fetch(`${sandbox.url}/sandbox/v1/partners`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
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

  const ms = (value: number): string => `${value.toFixed(1)} ms`;
  console.log(`scrypt hash, chosen password (median of ${RUNS}):   ${ms(hash)}`);
  console.log(`scrypt hash, generated password (median):       ${ms(generatedHash)}`);
  console.log(`POST /sandbox/v1/partners, 3 accounts (median):  ${ms(createPartner)}`);
  console.log(`first /oidc answer (provider loaded, keys made): ${ms(firstAnswer)}`);
  console.log(`whole sign-in: authorize, form, code (median):   ${ms(signIn)}`);
} finally {
  await sandbox.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
