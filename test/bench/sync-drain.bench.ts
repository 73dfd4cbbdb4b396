// The sync queue's drain of 200 documents of 1 MB against a raw concurrent upload of the same files
// with a plain HTTP client to the same sandbox, and the core's peak memory during the drain.
// Targets: throughput ratio (raw time / drain time) >= 0.8, peak RSS < 250 MB. The sandbox runs in
// its own process so its memory is not counted.
//
// A shared 2-core machine moves single timings by a third from one run to the next, so the run is
// made of rounds (BENCH_ROUNDS, default 3). Each round captures the 200 files afresh and times, in
// an order that rotates from round to round: the raw upload, the drain, and the same work as the
// drain sent without the queue (Idempotency-Key, streamed out of the encrypted vault), which tells
// the queue's own cost apart from what the design costs. Every phase starts after a full garbage
// collection (run under --expose-gc, as `npm run bench` does) and with the disk's write-back done,
// so no phase pays for another's garbage or for the kernel flushing the megabytes another phase
// wrote. Medians are reported; the ratio is the median raw time over the median drain time.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import axios from 'axios';
import FormData from 'form-data';
import { startTestCore } from '../support/core-harness.js';
import { bulkPdf } from '../support/documents.js';
import { entityAtDocumentsStep } from '../support/flows.js';
import { memorySecretStores } from '../support/memory-secret-store.js';

const DOCS = Number(process.env.BENCH_DOCS ?? 200);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const SIZE = 1024 * 1024;
const CONCURRENCY = 4;
const MB = 1024 * 1024;

async function startSandboxProcess(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/sandbox-process.ts', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const found: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    child.on('exit', () => reject(new Error('sandbox exited')));
    lines.on('line', (line) => {
      const m = /^(Sandbox API listening on|Demo partner client id:|Demo partner client secret:) (.+)$/.exec(
        line,
      );
      if (m) found[m[1]!] = m[2]!;
      if (Object.keys(found).length === 3) resolve();
    });
  });
  return {
    url: found['Sandbox API listening on']!,
    clientId: found['Demo partner client id:']!,
    clientSecret: found['Demo partner client secret:']!,
    stop: () => child.kill('SIGTERM'),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rate = (ms: number) => `${((DOCS * SIZE) / MB / (ms / 1000)).toFixed(1)} MB/s`;

const dir = await mkdtemp(join(tmpdir(), 'fica-bench-'));
const sandbox = await startSandboxProcess(join(dir, 'sandbox'));
try {
  // The drain's end is taken from the queue's own report of each finished job: polling the status
  // would add its own work (and up to a polling interval) to what is measured.
  let onJobFinished = () => {};
  const t = await startTestCore({
    log: (event) => {
      if (event === 'done' || event === 'failure') onJobFinished();
    },
    dataDir: join(dir, 'core'),
    secretStore: memorySecretStores(),
    sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
    queue: { concurrency: CONCURRENCY, backoffBaseMs: 200, backoffMaxMs: 2000, probeIntervalMs: 200 },
  });
  await t.call('lookups.refresh', {});
  const { caseId, serverId, pair } = await entityAtDocumentsStep(t, 'Bench');
  const token = await t.core.internals.tokenManager()!.getToken();

  const files: string[] = [];
  for (let i = 0; i < DOCS; i++) {
    const file = join(dir, `doc-${i}.pdf`);
    await writeFile(file, bulkPdf(SIZE));
    files.push(file);
  }

  /** A plain client at the queue's concurrency, posting each file as the service's multipart form. */
  const postAll = async (label: string, open: (i: number) => Readable, idempotent: boolean) => {
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < DOCS; i = next++) {
        const form = new FormData();
        form.append(
          'documents',
          JSON.stringify({ entityDocsID: pair.groupId, entityDocTypesID: pair.typeId }),
        );
        form.append('file', open(i), {
          filename: `${label}-${i}.pdf`,
          contentType: 'application/pdf',
          knownLength: SIZE,
        });
        await axios.post(`${sandbox.url}/api/v1/entity/${serverId}/entity-doc`, form, {
          headers: {
            ...form.getHeaders(),
            'Content-Length': String(form.getLengthSync()),
            Authorization: `Bearer ${token}`,
            ...(idempotent ? { 'Idempotency-Key': randomUUID() } : {}),
          },
          maxBodyLength: Infinity,
        });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  };
  const settle = () => {
    spawnSync('sync');
    global.gc?.();
  };
  const timed = async (work: () => Promise<void>) => {
    settle();
    const start = performance.now();
    await work();
    return performance.now() - start;
  };

  // Warm-up, discarded: the sandbox's and both clients' code paths.
  await postAll('warmup', (i) => createReadStream(files[i]!), false);

  const raw: number[] = [];
  const same: number[] = [];
  const drain: number[] = [];
  const drainCpu: number[] = [];
  let baseline = 0;
  let peak = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // Captured while paused, as staff capture offline; the drain starts when the queue resumes.
    await t.call('queue.pause', {});
    for (let i = 0; i < DOCS; i++) {
      await t.core.internals.drafts.importFile(
        caseId,
        { kind: 'entity' },
        [pair],
        `bench-${round}-${i}.pdf`,
        readFileSync(files[i]!),
      );
    }
    const captured = t.core.internals.store
      .listDocuments(caseId)
      .filter((d) => d.filename.startsWith(`bench-${round}-`));
    const phases = {
      raw: async () =>
        raw.push(await timed(() => postAll(`raw-${round}`, (i) => createReadStream(files[i]!), false))),
      same: async () =>
        same.push(
          await timed(() =>
            postAll(
              `same-${round}`,
              (i) => t.core.internals.vault.createReadStream(captured[i]!.vaultId!),
              true,
            ),
          ),
        ),
      drain: async () => {
        settle();
        baseline = Math.max(baseline, process.memoryUsage().rss);
        let roundPeak = 0;
        const sampler = setInterval(() => (roundPeak = Math.max(roundPeak, process.memoryUsage().rss)), 20);
        const cpu = process.cpuUsage();
        const start = performance.now();
        const drained = new Promise<void>((resolve) => {
          onJobFinished = () => {
            const { pending, failed } = t.core.internals.jobs.count(t.core.internals.session.activeId);
            if (pending === 0 || failed > 0) resolve();
          };
        });
        await t.call('queue.resume', {});
        await drained;
        drain.push(performance.now() - start);
        const used = process.cpuUsage(cpu);
        drainCpu.push((used.user + used.system) / 1000);
        clearInterval(sampler);
        peak = Math.max(peak, roundPeak);
        if ((await t.call('status.get', {})).failedCount > 0) throw new Error('the drain had failures');
      },
    };
    const order = (['raw', 'drain', 'same'] as const).map((_, k, all) => all[(k + round) % all.length]!);
    for (const phase of order) await phases[phase]();
  }

  const rawMs = median(raw);
  const drainMs = median(drain);
  const sameMs = median(same);
  const ratio = rawMs / drainMs;
  const peakMb = peak / MB;
  const list = (values: number[]) => values.map((ms) => (ms / 1000).toFixed(2)).join(', ');
  console.log(
    `sync drain: ${DOCS} documents of 1 MB, concurrency ${CONCURRENCY}, ${ROUNDS} rounds (medians; each round's figures in brackets)`,
  );
  console.log(`  queue drain      ${seconds(drainMs)}  (${rate(drainMs)}) [${list(drain)} s]`);
  console.log(
    `  core CPU, drain  ${seconds(median(drainCpu))}  (less sensitive to a busy machine than the wall-clock times)`,
  );
  console.log(`  raw upload       ${seconds(rawMs)}  (${rate(rawMs)}) [${list(raw)} s]`);
  console.log(
    `  raw, same work   ${seconds(sameMs)}  (with Idempotency-Key, streamed from the vault) [${list(same)} s]`,
  );
  console.log(
    `  ratio raw/drain  ${ratio.toFixed(3)}  (target >= 0.80) ${ratio >= 0.8 ? 'OK' : 'BELOW TARGET'}`,
  );
  console.log(`  queue overhead   ${((drainMs / sameMs - 1) * 100).toFixed(0)}% over the same work sent raw`);
  console.log(
    `  peak RSS (core)  ${peakMb.toFixed(0)} MB  (target < 250 MB) ${peakMb < 250 ? 'OK' : 'ABOVE TARGET'}; ${(baseline / MB).toFixed(0)} MB before a drain`,
  );
  if (!global.gc)
    console.log(
      '  (run with node --expose-gc, as `npm run bench` does, for phases that start from a clean heap)',
    );
  await t.core.shutdown();
  process.exitCode = ratio >= 0.8 && peakMb < 250 ? 0 : 1;
} finally {
  sandbox.stop();
  await rm(dir, { recursive: true, force: true });
}
