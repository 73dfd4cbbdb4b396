// The paint bench's host, in its own process as when staff run it (npm run start:web). Starts a
// headless host with BENCH_CASES cases (work queued) and someone signed in, then prints `ready <url>`;
// each line "open" read from stdin is answered with `open <a fresh one-time link>`; the host stops
// when stdin ends.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { startHost } from '../../../electron/host/index.js';
import type { ChannelName } from '../../../shared/ipc/contract.js';
import { bridgeClient } from '../../support/bridge-client.js';
import { ensureVaultKey, testSecrets } from '../../support/core-harness.js';
import { signInThrough, staffServiceOf } from '../../support/staff-sign-in.js';
import { paintCaseTitle } from './paint-cases.js';

const CASES = Number(process.env.BENCH_CASES ?? 1000);

// The bench's lines are read from the start, so its going away (stdin closing, stdout refusing
// writes, a SIGTERM) is seen while the cases are still being created, and the data folder is
// removed all the same.
const bench = createInterface({ input: process.stdin });
const lines = bench[Symbol.asyncIterator]();
let benchGone = false;
bench.once('close', () => (benchGone = true));
process.stdout.on('error', () => bench.close());
process.once('SIGTERM', () => bench.close());

const dir = await mkdtemp(join(tmpdir(), 'fica-bench-paint-'));
const secretStore = testSecrets();
await ensureVaultKey(secretStore);
const host = await startHost({
  dataDir: join(dir, 'data'),
  port: 0,
  rendererDir: resolve(process.env.BENCH_RENDERER_DIR ?? 'dist/renderer'),
  secretStore,
});
try {
  const desk = bridgeClient(host);
  await signInThrough(
    (channel, input) => desk.invoke(channel as ChannelName, input as never),
    staffServiceOf(host)!,
    'capturer',
  );
  // Set, so the app opens on the cases rather than asking for one.
  await desk.invoke('staff.setPassphrase', { passphrase: 'offline passphrase for the paint bench' });
  await desk.invoke('lookups.refresh', {});
  await desk.invoke('queue.pause', {});
  for (let i = 0; i < CASES && !benchGone; i++)
    await desk.invoke('entity.create', {
      entityRegName: paintCaseTitle(i),
      entityRegNumber: `2016/${String(i).padStart(6, '0')}/07`,
      entityType: 1,
    });
  if (!benchGone) process.stdout.write(`ready ${host.url}\n`);
  for (let line = await lines.next(); !line.done; line = await lines.next()) {
    if (line.value.trim() === 'open') process.stdout.write(`open ${host.openUrl()}\n`);
  }
} finally {
  await host.stop();
  await rm(dir, { recursive: true, force: true });
}
