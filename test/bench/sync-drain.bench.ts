// The sync queue's drain of 200 documents of 1 MB against a plain Node client sending the same
// multipart bytes with the same concurrency to the same sandbox, and the core's peak memory during
// the drain. Target: drain throughput >= 0.8 x the plain client's (the median of the rounds' ratios),
// peak RSS < 250 MB. Figures are printed, never asserted.
//
// The baseline is node:http with a keep-alive agent sending the bytes the queue sends: the same
// headers (the bearer token and a fresh Idempotency-Key, which every queued request carries, so
// the service does the same work for both) and the service's multipart form (the documents field,
// then the file streamed from disk) with its length announced. The same client without the
// Idempotency-Key is timed and printed beside it, with its ratio, since the service's fingerprint
// of each body is work the queue's requests cause. Beside them, the physical limit: curl posting the same files at the same concurrency to a
// server that discards the body and answers 201 (and the plain client to that server too, which
// tells the client's cost from the sandbox's). The sandbox runs in its own process so its memory is
// not counted. The bench core subscribes to every core event and serialises each payload as the
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
import { Agent, createServer, request } from 'node:http';
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
import { median } from './support/median.js';

const DOCS = Number(process.env.BENCH_DOCS ?? 200);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const SIZE = 1024 * 1024;
const CONCURRENCY = 4;
const MB = 1024 * 1024;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rate = (ms: number) => `${((DOCS * SIZE) / MB / (ms / 1000)).toFixed(1)} MB/s`;

/** One multipart/form-data request: a text field, then the file, with the body's length announced. */
function multipartParts(documents: string, filename: string) {
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
      'Content-Length': String(head.length + SIZE + tail.length),
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
): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const post = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const body = multipartParts(documents, `${label}-${i}.pdf`);
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
    for (let i = next++; i < DOCS; i = next++) await post(i);
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

/** The physical limit's other end: reads and drops every body, answers 201. */
async function startDiscardingServer() {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end('{"entityDocID":0}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/upload`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const dir = await mkdtemp(join(tmpdir(), 'fica-bench-'));
const sandbox = await startSandboxChild(join(dir, 'sandbox'));
const discard = await startDiscardingServer();
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

  const files: string[] = [];
  for (let i = 0; i < DOCS; i++) {
    const file = join(dir, `doc-${i}.pdf`);
    await writeFile(file, bulkPdf(SIZE));
    files.push(file);
  }
  const fromDisk = (i: number) => createReadStream(files[i]!);
  const curl = await prepareCurl(dir, discard.url, documents, files);

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

  // Warm-up, discarded: the sandbox's, the plain client's and curl's code paths and the page cache.
  await postAll(uploadUrl, keyed, documents, 'warmup', fromDisk);
  await curl();

  const plain: number[] = [];
  const bare: number[] = [];
  const same: number[] = [];
  const drain: number[] = [];
  const drainCpu: number[] = [];
  const curlDiscard: number[] = [];
  const plainDiscard: number[] = [];
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
      plain: async () =>
        plain.push(await timed(() => postAll(uploadUrl, keyed, documents, `plain-${round}`, fromDisk))),
      bare: async () =>
        bare.push(await timed(() => postAll(uploadUrl, auth, documents, `bare-${round}`, fromDisk))),
      same: async () =>
        same.push(
          await timed(() =>
            postAll(uploadUrl, keyed, documents, `same-${round}`, (i) =>
              t.core.internals.vault.createReadStream(captured[i]!.vaultId!),
            ),
          ),
        ),
      curl: async () => curlDiscard.push(await timed(curl)),
      plainDiscard: async () =>
        plainDiscard.push(
          await timed(() => postAll(discard.url, () => ({}), documents, `discard-${round}`, fromDisk)),
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
    const names = ['plain', 'drain', 'bare', 'same', 'curl', 'plainDiscard'] as const;
    const order = names.map((_, k) => names[(k + round) % names.length]!);
    for (const phase of order) await phases[phase]();
  }

  // Each round's ratio compares a drain with the plain client of the same round (same machine load).
  const ratios = drain.map((ms, round) => plain[round]! / ms);
  const ratio = median(ratios);
  const bareRatios = drain.map((ms, round) => bare[round]! / ms);
  const drainMs = median(drain);
  const plainMs = median(plain);
  const sameMs = median(same);
  const peakMb = peak / MB;
  const list = (values: number[]) => values.map((ms) => (ms / 1000).toFixed(2)).join(', ');
  console.log(
    `sync drain: ${DOCS} documents of 1 MB, concurrency ${CONCURRENCY}, ${ROUNDS} rounds (medians; each round's figures in brackets)`,
  );
  console.log(`  queue drain            ${seconds(drainMs)}  (${rate(drainMs)}) [${list(drain)} s]`);
  console.log(
    `  core CPU, drain        ${seconds(median(drainCpu))}  (less sensitive to a busy machine than the wall-clock times)`,
  );
  console.log(
    `  plain node:http        ${seconds(plainMs)}  (${rate(plainMs)}; same headers, Idempotency-Key included) [${list(plain)} s]`,
  );
  console.log(
    `  plain, no key          ${seconds(median(bare))}  (${rate(median(bare))}; the service fingerprints no body) [${list(bare)} s]`,
  );
  console.log(
    `  plain, same work       ${seconds(sameMs)}  (with Idempotency-Key, streamed from the vault) [${list(same)} s]`,
  );
  console.log(
    `  ratio drain/plain      ${ratio.toFixed(3)}  (throughput; target >= 0.80) ${ratio >= 0.8 ? 'OK' : 'BELOW TARGET'} [${ratios.map((r) => r.toFixed(2)).join(', ')}]`,
  );
  console.log(
    `  ratio drain/no key     ${median(bareRatios).toFixed(3)}  (against the client without the Idempotency-Key) [${bareRatios.map((r) => r.toFixed(2)).join(', ')}]`,
  );
  console.log(
    `  queue overhead         ${((drainMs / sameMs - 1) * 100).toFixed(0)}% over the same work sent plain`,
  );
  console.log(
    `  physical limit: curl to a discarding server ${seconds(median(curlDiscard))} (${rate(median(curlDiscard))}) [${list(curlDiscard)} s]; ` +
      `plain node:http to it ${seconds(median(plainDiscard))} (${rate(median(plainDiscard))})`,
  );
  console.log(
    `  events serialised      ${serialised.frames} frames, ${(serialised.bytes / MB).toFixed(1)} MB over all drains (every event, as the host's bridge)`,
  );
  console.log(
    `  peak RSS (core)        ${peakMb.toFixed(0)} MB  (target < 250 MB) ${peakMb < 250 ? 'OK' : 'ABOVE TARGET'}; ${(baseline / MB).toFixed(0)} MB before a drain`,
  );
  if (!global.gc)
    console.log(
      '  (run with node --expose-gc, as `npm run bench` does, for phases that start from a clean heap)',
    );
  await t.core.shutdown();
} finally {
  await discard.stop();
  sandbox.stop();
  await rm(dir, { recursive: true, force: true });
}
