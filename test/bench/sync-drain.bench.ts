// The sync queue's drain of 200 documents of 1 MB, and of 20 documents of 40 MB (the service's
// largest), against a plain Node client sending the same multipart bytes with the same concurrency
// to the same sandbox, and the core's peak memory during the drain. Target: drain throughput >= 0.9
// x the plain client's (the median of the rounds' ratios, each round's two figures taken in the same
// minutes), peak RSS < 250 MB. Figures are printed, never asserted, with the machine's load average.
//
// The baseline is node:http with a keep-alive agent sending the bytes the queue sends: the same
// headers (the bearer token and a fresh Idempotency-Key, which every queued request carries, so
// the service does the same work for both) and the service's multipart form (the documents field,
// then the file streamed from disk) with its length announced. The same client without the
// Idempotency-Key is timed and printed beside it, with its ratio, since the service's fingerprint
// of each body is work the queue's requests cause. Beside them, the physical limit: curl posting the
// same files at the same concurrency to a server that discards the body and answers 201 (and the
// plain client to that server too, which tells the client's cost from the sandbox's). The sandbox
// and the discarding server each run in a process of their own, so neither's memory nor CPU is
// counted as the core's or the clients'. The bench core subscribes to every core event and serialises each payload as the
// host's SSE bridge does, so the drain pays for the listeners (queue views) the app pays for.
//
// A shared 2-core machine moves single timings by a third from one run to the next, so the run is
// made of rounds (BENCH_ROUNDS, default 5). Each round captures the 200 files afresh and times, in
// an order that rotates from round to round: the plain client with and without the key, the drain, the same work as the drain
// sent by the plain client without the queue (Idempotency-Key, streamed out of the encrypted vault,
// which tells the queue's own cost from what the design costs), and the two discarding-server
// runs. Every phase starts after a full garbage collection (run under --expose-gc, as `npm run
// bench` does) and with the disk's write-back done, so no phase pays for another's garbage or for
// the kernel flushing the megabytes another phase wrote.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { EVENT_NAMES } from '../../shared/ipc/contract.js';
import { encodeWire } from '../../shared/ipc/wire.js';
import { startTestCore } from '../support/core-harness.js';
import { bulkPdf } from '../support/documents.js';
import { entityAtDocumentsStep } from '../support/flows.js';
import { memorySecretStores } from '../support/memory-secret-store.js';
import { startSandboxChild } from '../support/sandbox-child.js';
import { loadAverage } from './support/load-average.js';
import { median } from './support/median.js';
import { watchPeakRss } from './support/peak-rss.js';

const MB = 1024 * 1024;
const CONCURRENCY = 4;
/** The target: the drain's throughput over the plain client's, in the same round. */
const TARGET = 0.9;

interface Part {
  docs: number;
  size: number;
  rounds: number;
  /** The phases timed each round (the drain and the plain client always). */
  phases: readonly Phase[];
}
type Phase = 'plain' | 'drain' | 'bare' | 'same' | 'curl' | 'plainDiscard';

const PARTS: Part[] = [
  {
    docs: Number(process.env.BENCH_DOCS ?? 200),
    size: MB,
    rounds: Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5)),
    phases: ['plain', 'drain', 'bare', 'same', 'curl', 'plainDiscard'],
  },
  // The largest documents the service takes: the drain streams each from the vault, never whole.
  {
    docs: Number(process.env.BENCH_LARGE_DOCS ?? 20),
    size: 40 * MB,
    rounds: Math.max(1, Number(process.env.BENCH_LARGE_ROUNDS ?? 3)),
    phases: ['plain', 'drain', 'curl'],
  },
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** One multipart/form-data request: a text field, then the file, with the body's length announced. */
function multipartParts(documents: string, filename: string, size: number) {
  const boundary = `----BenchBoundary${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="documents"\r\n\r\n${documents}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    head,
    tail,
    headers: {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(head.length + size + tail.length),
    },
  };
}

/** The plain client: node:http, keep-alive, `CONCURRENCY` requests in flight, each file streamed. */
async function postAll(
  url: string,
  headers: () => Record<string, string>,
  documents: string,
  label: string,
  open: (i: number) => Readable,
  { docs, size }: Pick<Part, 'docs' | 'size'>,
): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const post = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const body = multipartParts(documents, `${label}-${i}.pdf`, size);
      const req = request(
        url,
        { method: 'POST', agent, headers: { ...headers(), ...body.headers } },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 201 ? resolve() : reject(new Error(`${url} answered ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.write(body.head);
      const file = open(i);
      file.on('error', reject);
      file.on('end', () => req.end(body.tail));
      file.pipe(req, { end: false });
    });
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < docs; i = next++) await post(i);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
}

/** curl's parallel mode, one transfer per file, from a config file (200 forms do not fit argv well). */
async function prepareCurl(
  dir: string,
  url: string,
  documents: string,
  files: string[],
): Promise<() => Promise<void>> {
  const quote = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  const lines = ['parallel', `parallel-max = ${CONCURRENCY}`];
  files.forEach((file, i) => {
    if (i > 0) lines.push('next');
    lines.push(
      `url = ${quote(url)}`,
      'fail',
      `form-string = ${quote(`documents=${documents}`)}`,
      `form = ${quote(`file=@${file};type=application/pdf`)}`,
      // Without it curl waits for "100 Continue" before every body of 1 MB.
      'header = "Expect:"',
      'output = "/dev/null"',
    );
  });
  const config = join(dir, 'curl.conf');
  await writeFile(config, `${lines.join('\n')}\n`);
  return () =>
    new Promise<void>((resolve, reject) => {
      // Its parallel progress meter ignores --silent; its output is kept for a failure's message.
      const curl = spawn('curl', ['--config', config], { stdio: ['ignore', 'ignore', 'pipe'] });
      let errors = '';
      curl.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
      curl.on('error', reject);
      curl.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`curl exited with ${code}: ${errors}`)),
      );
    });
}

/**
 * The physical limit's other end, in a process of its own: reads and drops every body, answers 201.
 * It prints its address once listening.
 */
const DISCARDING_SERVER = `
import { createServer } from 'node:http';
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(201, { 'Content-Type': 'application/json' });
    res.end('{"entityDocID":0}');
  });
});
server.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

async function startDiscardingServer() {
  const child = spawn(process.execPath, ['--input-type=module', '-e', DISCARDING_SERVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the discarding server exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const m = /listening (\d+)/.exec(chunk.toString());
      if (m) resolve(m[1]!);
    });
  });
  return {
    url: `http://127.0.0.1:${port}/upload`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const dir = await mkdtemp(join(tmpdir(), 'fica-bench-'));
const sandbox = await startSandboxChild(join(dir, 'sandbox'));
const discard = await startDiscardingServer();
console.log(`sync-drain: ${loadAverage()}`);
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
  // As the host's SSE bridge (electron/host/bridge-server.ts): every event, serialised to a frame.
  const serialised = { frames: 0, bytes: 0 };
  for (const name of EVENT_NAMES) {
    t.core.on(name, (payload) => {
      const frame = `event: ${name}\ndata: ${encodeWire(payload)}\n\n`;
      serialised.frames++;
      serialised.bytes += frame.length;
    });
  }
  await t.call('lookups.refresh', {});
  const { caseId, serverId, pair } = await entityAtDocumentsStep(t, 'Bench');
  const token = await t.core.internals.tokenManager()!.getToken();
  const documents = JSON.stringify({ entityDocsID: pair.groupId, entityDocTypesID: pair.typeId });
  const uploadUrl = `${sandbox.url}/api/v1/entity/${serverId}/entity-doc`;
  const auth = () => ({ Authorization: `Bearer ${token}` });
  const keyed = () => ({ ...auth(), 'Idempotency-Key': randomUUID() });
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
  const summary: string[] = [];

  for (const [p, part] of PARTS.entries()) {
    const { docs, size, rounds } = part;
    // BENCH_DOCS=0 or BENCH_LARGE_DOCS=0 leaves that part out (curl refuses an empty list).
    if (docs <= 0) continue;
    const label = `${docs} documents of ${size / MB} MB`;
    const rate = (ms: number) => `${((docs * size) / MB / (ms / 1000)).toFixed(1)} MB/s`;
    const files: string[] = [];
    for (let i = 0; i < docs; i++) {
      const file = join(dir, `doc-${p}-${i}.pdf`);
      await writeFile(file, bulkPdf(size));
      files.push(file);
    }
    const fromDisk = (i: number) => createReadStream(files[i]!);
    const curl = await prepareCurl(dir, discard.url, documents, files);

    // Warm-up, discarded: the sandbox's, the plain client's and curl's code paths and the page cache.
    await postAll(uploadUrl, keyed, documents, `warmup-${p}`, fromDisk, part);
    if (part.phases.includes('curl')) await curl();

    const times: Record<Phase, number[]> = {
      plain: [],
      drain: [],
      bare: [],
      same: [],
      curl: [],
      plainDiscard: [],
    };
    const drainCpu: number[] = [];
    const loads: string[] = [];
    let baseline = 0;
    let peak = 0;
    let peakMethod = '';
    for (let round = 0; round < rounds; round++) {
      // Captured while paused, as staff capture offline; the drain starts when the queue resumes.
      await t.call('queue.pause', {});
      const captured: string[] = [];
      for (let i = 0; i < docs; i++) {
        const doc = await t.core.internals.drafts.importFile(
          caseId,
          { kind: 'entity' },
          [pair],
          `bench-${p}-${round}-${i}.pdf`,
          readFileSync(files[i]!),
        );
        captured.push(doc.vaultId!);
      }
      const phases: Record<Phase, () => Promise<void>> = {
        plain: async () => {
          times.plain.push(
            await timed(() => postAll(uploadUrl, keyed, documents, `plain-${p}-${round}`, fromDisk, part)),
          );
        },
        bare: async () => {
          times.bare.push(
            await timed(() => postAll(uploadUrl, auth, documents, `bare-${p}-${round}`, fromDisk, part)),
          );
        },
        same: async () => {
          times.same.push(
            await timed(() =>
              postAll(
                uploadUrl,
                keyed,
                documents,
                `same-${p}-${round}`,
                (i) => t.core.internals.vault.createReadStream(captured[i]!),
                part,
              ),
            ),
          );
        },
        curl: async () => {
          times.curl.push(await timed(curl));
        },
        plainDiscard: async () => {
          times.plainDiscard.push(
            await timed(() =>
              postAll(discard.url, () => ({}), documents, `discard-${p}-${round}`, fromDisk, part),
            ),
          );
        },
        drain: async () => {
          settle();
          baseline = Math.max(baseline, process.memoryUsage.rss());
          const watch = watchPeakRss();
          peakMethod = watch.method;
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
          times.drain.push(performance.now() - start);
          const used = process.cpuUsage(cpu);
          drainCpu.push((used.user + used.system) / 1000);
          peak = Math.max(peak, watch.stop());
          if ((await t.call('status.get', {})).failedCount > 0) throw new Error('the drain had failures');
        },
      };
      const names = part.phases;
      const order = names.map((_, k) => names[(k + round) % names.length]!);
      for (const phase of order) await phases[phase]();
      loads.push(loadAverage().replace('load average ', ''));
    }

    // Each round's ratio compares a drain with the plain client of the same round (same machine load).
    const ratios = times.drain.map((ms, round) => times.plain[round]! / ms);
    const ratio = median(ratios);
    const drainMs = median(times.drain);
    const plainMs = median(times.plain);
    const peakMb = peak / MB;
    const list = (values: number[]) => values.map((ms) => (ms / 1000).toFixed(2)).join(', ');
    const has = (phase: Phase) => times[phase].length > 0;
    console.log(
      `\nsync drain: ${label}, concurrency ${CONCURRENCY}, ${rounds} rounds (medians; each round's figures in brackets)`,
    );
    console.log(`  queue drain            ${seconds(drainMs)}  (${rate(drainMs)}) [${list(times.drain)} s]`);
    console.log(
      `  core CPU, drain        ${seconds(median(drainCpu))}  (less sensitive to a busy machine than the wall-clock times)`,
    );
    console.log(
      `  plain node:http        ${seconds(plainMs)}  (${rate(plainMs)}; same headers, Idempotency-Key included) [${list(times.plain)} s]`,
    );
    if (has('bare')) {
      const bareRatios = times.drain.map((ms, round) => times.bare[round]! / ms);
      console.log(
        `  plain, no key          ${seconds(median(times.bare))}  (${rate(median(times.bare))}; the service fingerprints no body) [${list(times.bare)} s]`,
      );
      console.log(
        `  ratio drain/no key     ${median(bareRatios).toFixed(3)}  (against the client without the Idempotency-Key) [${bareRatios.map((r) => r.toFixed(2)).join(', ')}]`,
      );
    }
    if (has('same')) {
      const sameMs = median(times.same);
      console.log(
        `  plain, same work       ${seconds(sameMs)}  (with Idempotency-Key, streamed from the vault) [${list(times.same)} s]`,
      );
      console.log(
        `  queue overhead         ${((drainMs / sameMs - 1) * 100).toFixed(0)}% over the same work sent plain`,
      );
    }
    const line = `${label}: ratio drain/plain ${ratio.toFixed(3)} (throughput, each round's pair measured in the same minutes; target >= ${TARGET}) ${ratio >= TARGET ? 'OK' : 'BELOW TARGET'} [${ratios.map((r) => r.toFixed(2)).join(', ')}]`;
    console.log(`  ${line}`);
    summary.push(line);
    if (has('curl'))
      console.log(
        `  physical limit: curl to a discarding server ${seconds(median(times.curl))} (${rate(median(times.curl))}) [${list(times.curl)} s]` +
          (has('plainDiscard')
            ? `; plain node:http to it ${seconds(median(times.plainDiscard))} (${rate(median(times.plainDiscard))})`
            : ''),
      );
    console.log(
      `  peak RSS (core)        ${peakMb.toFixed(0)} MB  (target < 250 MB) ${peakMb < 250 ? 'OK' : 'ABOVE TARGET'}; ${(baseline / MB).toFixed(0)} MB before a drain (${peakMethod})`,
    );
    summary.push(`${label}: peak RSS ${peakMb.toFixed(0)} MB (target < 250 MB)`);
    console.log(`  load average after each round: ${loads.join('; ')}`);
    for (const file of files) await rm(file, { force: true });
  }
  console.log(
    `\nevents serialised: ${serialised.frames} frames, ${(serialised.bytes / MB).toFixed(1)} MB over all drains (every event, as the host's bridge)`,
  );
  if (!global.gc)
    console.log(
      '(run with node --expose-gc, as `npm run bench` does, for phases that start from a clean heap)',
    );
  console.log(`\n${summary.join('\n')}\nsync-drain done: ${loadAverage()}`);
  await t.core.shutdown();
} finally {
  await discard.stop();
  sandbox.stop();
  await rm(dir, { recursive: true, force: true });
}
