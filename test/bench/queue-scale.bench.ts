// The core's CPU per job drained, with 100, 1 000 and 10 000 documents in the case (targets: <= 2 ms
// per job at 10 000 queued, and a ratio <= 1.5 between 100 and 10 000 in each variant, the two
// sizes measured in the same run). Prints figures only, with the machine's load average.
//
// Variants (BENCH_VARIANTS, default all):
// - lists: N distinct documents queued, with the queue and cases screens open (below).
// - case-screen: the same with the case's own screen open as well (test/bench/support/case-screen.ts,
//   which drives what the renderer's case screen asks).
// - identical: N identical scans queued (same name, bytes and type), lists open: each upload's
//   settlement of free copies on the service (sync/document-jobs.ts) must not grow with N.
// - sent: the case has already sent N - 100 documents (captured and drained before the measure) and
//   100 are queued, with the case's screen open: a big case's screen costs what a small one's does.
//
// For each size: an entity at its documents step, N small documents queued while sending is paused,
// then the queue resumes and the core's own CPU (process.cpuUsage: this process, the sandbox runs in
// its own) is measured over every job drained after the first WARMUP (or the first MEASURED of
// them, or what drains in BENCH_BUDGET_MS), and also in ten windows (of WINDOW jobs at least), whose
// spread shows how much of the figure is this machine's other load (a 2-core machine shared with
// other work, whose speed moves by a third within minutes). A fresh core pays
// for compiling the code its jobs run, once in its lifetime whatever the queue holds: V8 compiles
// each function when first called, and again, optimised, on background threads once it is hot,
// which for the few hundred functions a job runs goes on over the core's first thousand jobs or
// two. So each size's core first drains CORE_WARMUP documents of another case (their cost is printed
// beside the figure), as a core that has been running a while has; each size's first WARMUP jobs
// are timed apart too. The core has the host's listeners:
// every event serialised as the SSE bridge does, an open queue screen holding the rows near its top,
// patched by each queue.changed delta and read again (queue.count and queue.list) only when the
// delta cannot place them, as renderer/lib/queue.svelte.ts does, and an open cases screen reading
// the changed case's row on each case.changed, as renderer/lib/cases-list.svelte.ts does. Prints
// the bytes serialised and the events sent per job.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENT_NAMES } from '../../shared/ipc/contract.js';
import { encodeWire } from '../../shared/ipc/wire.js';
import { coalesce } from '../../renderer/lib/coalesce.js';
import type { QueueChanged } from '../../shared/ipc/contract.js';
import { startTestCore } from '../support/core-harness.js';
import { bulkPdf } from '../support/documents.js';
import { entityAtDocumentsStep } from '../support/flows.js';
import { memorySecretStores } from '../support/memory-secret-store.js';
import { startSandboxChild } from '../support/sandbox-child.js';
import { openCaseScreen, type CaseScreen } from './support/case-screen.js';
import { loadAverage } from './support/load-average.js';
import { median } from './support/median.js';

const SIZES = (process.env.BENCH_QUEUE_SIZES ?? '100,1000,10000').split(',').map(Number);
const MEASURED = Number(process.env.BENCH_MEASURED ?? Infinity);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const CORE_WARMUP = Number(process.env.BENCH_CORE_WARMUP ?? 2000);
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MS ?? 600_000);
const VARIANTS = ['lists', 'case-screen', 'identical', 'sent'] as const;
type Variant = (typeof VARIANTS)[number];
const CHOSEN = (process.env.BENCH_VARIANTS ?? VARIANTS.join(','))
  .split(',')
  .filter((v): v is Variant => (VARIANTS as readonly string[]).includes(v));
/** Queued in the `sent` variant, whatever the case holds. */
const SENT_QUEUED = 100;

interface Figures {
  /** The core's own warm-up: ms of CPU per job over the documents of another case it drained first. */
  coreWarmupMs: number;
  coreWarmed: number;
  ms: number;
  warmupMs: number;
  warmed: number;
  setupS: number;
  drained: number;
  /** ms of CPU per job in each window, in the order drained. */
  windows: number[];
  /** Jobs per window. */
  window: number;
  frames: number;
  bytes: number;
  queueEvents: number;
  reads: number;
  /** How long the case's screen took to open (cases.get fresh, then its next page), before the drain. */
  openedMs: number | null;
}

type DocumentPair = Awaited<ReturnType<typeof entityAtDocumentsStep>>['pair'];

/** What the queue screen draws (about a screenful) and reads beyond it, as renderer/lib/queue.svelte.ts. */
const SHOWN = 20;
const READ_MARGIN = 40;

async function perJob(variant: Variant, size: number): Promise<Figures> {
  const queued = variant === 'sent' ? Math.min(SENT_QUEUED, size) : size;
  const dir = await mkdtemp(join(tmpdir(), 'fica-queue-scale-'));
  const sandbox = await startSandboxChild(join(dir, 'sandbox'));
  let caseScreen: CaseScreen | null = null;
  try {
    const t = await startTestCore({
      dataDir: join(dir, 'core'),
      secretStore: memorySecretStores(),
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      queue: { concurrency: 4, backoffBaseMs: 200, backoffMaxMs: 2000, probeIntervalMs: 200 },
    });
    const serialised = { frames: 0, bytes: 0, queueEvents: 0, reads: 0 };
    // The screen at the top of the queue: the ids of the rows it holds.
    let held: string[] = [];
    let reading: Promise<void> | null = null;
    const readRows = () => {
      reading ??= Promise.all([
        t.call('queue.count', {}),
        t.call('queue.list', { offset: 0, limit: SHOWN + READ_MARGIN }),
      ])
        .then(([count, rows]) => {
          serialised.reads++;
          serialised.bytes += encodeWire(count).length + encodeWire(rows).length;
          held = rows.map((r) => r.id);
        })
        .finally(() => (reading = null));
    };
    // The cases screen's reads on case.changed (renderer/lib/cases-list.svelte.ts): the changed rows
    // at most every 250 ms, then its first window again, since a row whose time changed may move.
    const changedCases = new Set<string>();
    const casesScreen = coalesce(async () => {
      const ids = [...changedCases];
      changedCases.clear();
      serialised.bytes += encodeWire(await t.call('cases.list', { ids })).length;
      serialised.bytes += encodeWire(await t.call('cases.list', { offset: 0, limit: 50 })).length;
    }, 250);
    const apply = (delta: QueueChanged) => {
      serialised.queueEvents++;
      const removed = new Set(delta.removed);
      held = held.filter((id) => !removed.has(id));
      if (delta.reset || (held.length < SHOWN && delta.total > held.length)) readRows();
    };
    for (const name of EVENT_NAMES)
      t.core.on(name, (payload) => {
        serialised.frames++;
        serialised.bytes += `event: ${name}\ndata: ${encodeWire(payload)}\n\n`.length;
        if (name === 'queue.changed') apply(payload as QueueChanged);
        if (name === 'case.changed') {
          changedCases.add((payload as { caseId: string }).caseId);
          casesScreen.trigger();
        }
        caseScreen?.event(name, payload as never);
      });
    await t.call('lookups.refresh', {});
    const unsent = async () => (await t.call('status.get', {})).unsentCount;
    /** Reads the unsent count every `pollMs` until `enough` says so or the deadline; answers the last. */
    const pollUnsent = async (
      left: number,
      enough: (left: number) => boolean,
      pollMs: number,
      deadline: number,
    ) => {
      while (!enough(left) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        left = await unsent();
      }
      return left;
    };
    // Identical scans: one name and one content for every document of the case.
    const sameScan = bulkPdf(1024);
    const queueDocuments = async (caseId: string, pair: DocumentPair, count: number, identical = false) => {
      for (let i = 0; i < count; i++)
        await t.core.internals.drafts.importFile(
          caseId,
          { kind: 'entity' },
          [pair],
          identical ? 'scan.pdf' : `scan-${i}.pdf`,
          identical ? sameScan : bulkPdf(1024 + i),
        );
    };
    let coreWarmed = 0;
    let coreWarmupMs = 0;
    if (CORE_WARMUP > 0) {
      const warmup = await entityAtDocumentsStep(t, `Warm-up ${size}`);
      await t.call('queue.pause', {});
      await queueDocuments(warmup.caseId, warmup.pair, CORE_WARMUP);
      const before = await unsent();
      const cpu = process.cpuUsage();
      await t.call('queue.resume', {});
      const left = await pollUnsent(before, (n) => n <= 0, 200, Date.now() + BUDGET_MS);
      const used = process.cpuUsage(cpu);
      coreWarmed = before - left;
      coreWarmupMs = (used.user + used.system) / 1000 / Math.max(coreWarmed, 1);
    }
    const { caseId, pair } = await entityAtDocumentsStep(t, `Scale ${size}`);
    await t.call('queue.pause', {});
    const setupStart = performance.now();
    if (variant === 'sent' && size > queued) {
      await queueDocuments(caseId, pair, size - queued);
      const before = await unsent();
      await t.call('queue.resume', {});
      await pollUnsent(before, (n) => n <= 0, 200, Date.now() + BUDGET_MS);
      await t.call('queue.pause', {});
    }
    await queueDocuments(caseId, pair, queued, variant === 'identical');
    const setupS = (performance.now() - setupStart) / 1000;
    const start = await unsent();
    global.gc?.();
    readRows();
    await reading;
    let openedMs: number | null = null;
    if (variant === 'case-screen' || variant === 'sent') {
      caseScreen = openCaseScreen((channel, input) => t.call(channel, input), caseId);
      // Opened as a person opens it, with nothing being sent: the service is read first.
      openedMs = await caseScreen.opened;
    }
    const coldCpu = process.cpuUsage();
    await t.call('queue.resume', {});
    const deadline = Date.now() + BUDGET_MS;
    let done = start;
    const drainUntil = async (count: number, pollMs: number) => {
      done = await pollUnsent(done, (n) => start - n >= count, pollMs, deadline);
    };
    // Polled often while warming up, so the measured jobs start close to WARMUP.
    await drainUntil(Math.min(WARMUP, Math.floor(queued / 5)), 50);
    const warmed = start - done;
    const warmupUsed = process.cpuUsage(coldCpu);
    serialised.frames = serialised.bytes = serialised.queueEvents = serialised.reads = 0;
    const screenBefore = { reads: caseScreen?.reads ?? 0, bytes: caseScreen?.bytes ?? 0 };
    const cpu = process.cpuUsage();
    // Every job left (or the first MEASURED), or what drained in BUDGET_MS when the queue is too slow.
    const target = warmed + Math.min(MEASURED, queued - warmed);
    const window = Math.max(WINDOW, Math.ceil((target - warmed) / 10));
    const windows: number[] = [];
    while (start - done < target && Date.now() < deadline) {
      const windowCpu = process.cpuUsage();
      const windowStart = done;
      await drainUntil(Math.min(target, start - done + window), 200);
      const windowUsed = process.cpuUsage(windowCpu);
      if (windowStart > done)
        windows.push((windowUsed.user + windowUsed.system) / 1000 / (windowStart - done));
    }
    const used = process.cpuUsage(cpu);
    const drained = start - done - warmed;
    if (caseScreen) {
      serialised.reads += caseScreen.reads - screenBefore.reads;
      serialised.bytes += caseScreen.bytes - screenBefore.bytes;
    }
    await t.call('queue.pause', {});
    casesScreen.cancel();
    await caseScreen?.stop();
    await t.core.shutdown();
    return {
      coreWarmupMs,
      coreWarmed,
      ms: (used.user + used.system) / 1000 / Math.max(drained, 1),
      warmupMs: (warmupUsed.user + warmupUsed.system) / 1000 / Math.max(warmed, 1),
      warmed,
      setupS,
      drained,
      windows,
      window,
      ...serialised,
      openedMs,
    };
  } finally {
    sandbox.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

const LABELS: Record<Variant, string> = {
  lists: 'queue and cases screens open',
  'case-screen': "queue and cases screens and the case's own screen open",
  identical: 'identical scans, queue and cases screens open',
  sent: `${SENT_QUEUED} queued in a case of that many documents, the rest sent; the case's screen open`,
};

console.log(`queue-scale: ${loadAverage()}`);
const summary: string[] = [];
for (const variant of CHOSEN) {
  console.log(`\n${variant}: ${LABELS[variant]}`);
  const results: Array<{ size: number; ms: number }> = [];
  for (const size of SIZES) {
    const r = await perJob(variant, size);
    results.push({ size, ms: r.ms });
    const what =
      variant === 'sent' ? `${size} documents (${Math.min(SENT_QUEUED, size)} queued)` : `${size} queued`;
    console.log(
      `${what}: ${r.ms.toFixed(2)} ms of core CPU per job over ${r.drained} jobs drained${r.warmed > 0 ? ` (the first ${r.warmed}, timed apart: ${r.warmupMs.toFixed(2)} ms each)` : ''}; ${r.frames} events (${(r.bytes / 1024 / 1024).toFixed(1)} MB serialised) meanwhile; queued in ${r.setupS.toFixed(1)} s; ${loadAverage()}`,
    );
    if (r.coreWarmed > 0)
      console.log(
        `  after the core's first ${r.coreWarmed} jobs (another case's documents, drained first: ${r.coreWarmupMs.toFixed(2)} ms each, V8 still optimising the code they run)`,
      );
    const sorted = [...r.windows].sort((a, b) => a - b);
    if (sorted.length > 1)
      console.log(
        `  in windows of about ${r.window} jobs: lowest ${sorted[0]!.toFixed(2)}, median ${median(r.windows).toFixed(2)}, highest ${sorted.at(-1)!.toFixed(2)} ms per job (${r.windows.map((w) => w.toFixed(2)).join(', ')})`,
      );
    if (r.openedMs !== null)
      console.log(`  the case's screen opened in ${r.openedMs.toFixed(0)} ms (read from the service first)`);
    const per = Math.max(r.drained, 1);
    console.log(
      `  per job drained: ${(r.bytes / per / 1024).toFixed(1)} KB serialised, ${(r.frames / per).toFixed(2)} events (${(r.queueEvents / per).toFixed(2)} queue.changed), ${(r.reads / per).toFixed(2)} screen reads`,
    );
  }
  const first = results[0];
  const last = results.at(-1);
  if (first && last && last !== first) {
    const ratio = last.ms / first.ms;
    const line = `${variant}: ratio ${last.size} / ${first.size}: ${ratio.toFixed(2)} (${last.ms.toFixed(2)} / ${first.ms.toFixed(2)} ms, target <= 1.5) ${ratio <= 1.5 ? 'OK' : 'ABOVE TARGET'}`;
    console.log(line);
    summary.push(line);
  }
  const at10000 = results.find((r) => r.size === 10_000);
  if (variant === 'lists' && at10000) {
    const line = `${variant}: 10000 queued: ${at10000.ms.toFixed(2)} ms of core CPU per job (target <= 2) ${at10000.ms <= 2 ? 'OK' : 'ABOVE TARGET'}`;
    console.log(line);
    summary.push(line);
  }
}
console.log(`\n${summary.join('\n')}\nqueue-scale done: ${loadAverage()}`);
