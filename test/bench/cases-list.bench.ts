// The case list with 1 000 cases that each have work queued: the core's `cases.list` handler (what
// the renderer's IPC call reaches), median of RUNS calls. Target < 100 ms. Prints figures only.
// Cases are captured while the queue is paused, so every case keeps its create and KYB jobs queued;
// the sandbox runs in its own process and is only needed for the profile to sign in.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestCore } from '../support/core-harness.js';
import { memorySecretStores } from '../support/memory-secret-store.js';
import { startSandboxChild } from '../support/sandbox-child.js';

const CASES = Number(process.env.BENCH_CASES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

const dir = await mkdtemp(join(tmpdir(), 'fica-cases-'));
const sandbox = await startSandboxChild(join(dir, 'sandbox'));
try {
  const t = await startTestCore({
    dataDir: join(dir, 'core'),
    secretStore: memorySecretStores(),
    sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
  });
  await t.call('lookups.refresh', {});
  await t.call('queue.pause', {});
  const captureStart = performance.now();
  for (let i = 0; i < CASES; i++) {
    const { caseId } = await t.call('entity.create', {
      entityRegName: `Bench ${i} Holdings`,
      entityRegNumber: `2017/${String(i).padStart(6, '0')}/07`,
      entityType: 1,
    });
    await t.call('entity.saveKyb', { caseId, kyb: { entityTradingName: `Bench ${i}` } });
  }
  const captureMs = performance.now() - captureStart;
  const { unsentCount } = await t.call('status.get', {});

  const list = async () => {
    const start = performance.now();
    const rows = await t.call('cases.list', {});
    return { ms: performance.now() - start, rows: rows.length };
  };
  const first = await list();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    global.gc?.();
    times.push((await list()).ms);
  }
  const searchStart = performance.now();
  const found = await t.call('cases.list', { search: 'bench 99' });
  const searchMs = performance.now() - searchStart;

  const ms = median(times);
  console.log(
    `cases.list: ${first.rows} cases, ${unsentCount} queued jobs (captured in ${(captureMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `  median ${ms.toFixed(1)} ms over ${RUNS} calls (target < 100 ms) ${ms < 100 ? 'OK' : 'ABOVE TARGET'}; first call ${first.ms.toFixed(1)} ms; each: ${times.map((v) => v.toFixed(0)).join(', ')} ms`,
  );
  console.log(`  with a search ("bench 99", ${found.length} rows): ${searchMs.toFixed(1)} ms`);
  await t.core.shutdown();
} finally {
  sandbox.stop();
  await rm(dir, { recursive: true, force: true });
}
