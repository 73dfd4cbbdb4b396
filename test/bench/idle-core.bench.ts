// The idle host's memory as people run it: `npm run start:web` (scripts/start-web.mjs: the host
// compiled by tsc, built once and again only when its sources change, run under plain Node), started
// exactly as the command starts it and measured from outside (its RSS as the system counts it) after
// IDLE_MS idle, signed in and online. Twice: pointed at a sandbox in another process, which is the
// host's own figure (target < 100 MB), and on the embedded training sandbox, whose share is the
// difference and is printed apart. Beside them, in a compiled copy of the host after a full
// collection, the heap and which heavy npm packages it has loaded (none should be, until used), and
// each heavy package's own cost: RSS after a full collection, before and after importing it in a
// fresh Node process. Prints figures only, with the machine's load average.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHostIfStale, buildRendererIfStale } from '../../scripts/build-web.mjs';
import { ROOT, compileForNode } from '../support/compile-for-node.js';
import { startSandboxChild } from '../support/sandbox-child.js';
import { loadAverage } from './support/load-average.js';

const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 10_000);
const MB = 1024 * 1024;
const COMPILED = join(ROOT, 'dist/bench-core');

/** Each package by the entry the app imports (so the cost is the one it pays), and when it loads. */
const HEAVY: Record<string, [entry: string, when: string]> = {
  'pdfjs-dist': ['pdfjs-dist/legacy/build/pdf.mjs', 'on the first thumbnail'],
  '@cantoo/pdf-lib': ['@cantoo/pdf-lib', 'on the first capture'],
  sharp: ['sharp', 'on the first image'],
  'tesseract.js': ['tesseract.js', 'on the first ID read'],
  'zxing-wasm': ['zxing-wasm/reader', 'on the first ID read'],
  mrz: ['mrz', 'on the first ID read'],
  pdfkit: ['pdfkit', 'with the embedded sandbox only (its reports)'],
  fastify: ['fastify', 'with the embedded sandbox only'],
};
/** Loaded at idle by design (the database, keychain, HTTP client and schemas), shown for scale. */
const RESIDENT = ['axios', 'zod', 'better-sqlite3', 'keytar'];

interface IdleReport {
  memory: NodeJS.MemoryUsage;
  packages: string[];
  connectivity: string;
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`.padStart(9);

function importCost(specifier: string): number {
  const script = `const rss = () => { global.gc(); return process.memoryUsage().rss; };
const before = rss();
${specifier ? `await import(${JSON.stringify(specifier)});` : ''}
await new Promise((r) => setTimeout(r, 50));
process.stdout.write(String(rss() - before));`;
  const run = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`importing ${specifier} failed: ${run.stderr}`);
  return Number(run.stdout);
}

/** A process's resident set as the system counts it, in bytes. */
function rssOf(pid: number): number {
  const run = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
  return Number(run.stdout.trim()) * 1024;
}

/**
 * `npm run start:web -- <args>` as npm runs it (node scripts/start-web.mjs), on a data folder of its
 * own with the development keychain (the bench machine has no OS keychain): its RSS after it printed
 * its link and stayed idle for IDLE_MS.
 */
async function documentedCommand(dataDir: string, args: string[]): Promise<number> {
  const child = spawn(
    process.execPath,
    ['scripts/start-web.mjs', '--data-dir', dataDir, '--port', '0', '--dev-keychain', ...args],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  try {
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (d: Buffer) => {
        output += d.toString();
        if (output.includes('one-time link')) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`npm run start:web exited with ${code}: ${output}`)));
    });
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return rssOf(child.pid!);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

function bareRss(): number {
  const run = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--input-type=module',
      '-e',
      'global.gc(); await new Promise((r) => setTimeout(r, 100)); process.stdout.write(String(process.memoryUsage().rss));',
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`node failed: ${run.stderr}`);
  return Number(run.stdout);
}

console.log(`idle-core: ${loadAverage()}`);
// Built as the command builds, before anything is timed (a start after a change builds first).
buildRendererIfStale();
buildHostIfStale();
const dir = await mkdtemp(join(tmpdir(), 'fica-idle-'));
const sandbox = await startSandboxChild(join(dir, 'sandbox'));
try {
  const external = await documentedCommand(join(dir, 'external'), [
    '--sandbox-url',
    sandbox.url,
    '--client-id',
    sandbox.clientId,
    '--client-secret',
    sandbox.clientSecret,
  ]);
  const embedded = await documentedCommand(join(dir, 'embedded'), []);
  console.log(
    `npm run start:web (the compiled host under plain Node), idle ${IDLE_MS} ms, RSS as the system counts it:`,
  );
  console.log(
    `  with the sandbox in another process   ${mb(external)}  (target < 100 MB) ${external < 100 * MB ? 'OK' : 'ABOVE TARGET'}`,
  );
  console.log(`  with the embedded training sandbox    ${mb(embedded)}`);
  console.log(`  of which the embedded sandbox's share ${mb(embedded - external)}`);
  console.log(`  ${loadAverage()}`);

  await compileForNode(['test/support/idle-host-process.ts'], COMPILED);
  const idleHost = (mode: 'memory' | 'packages'): IdleReport => {
    const entry = join(COMPILED, 'test/support/idle-host-process.js');
    const args = [mode, join(dir, `host-${mode}`), sandbox.url, sandbox.clientId, sandbox.clientSecret];
    const run = spawnSync(process.execPath, ['--expose-gc', entry, ...args, String(IDLE_MS)], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`the idle host failed: ${run.stderr}`);
    return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as IdleReport;
  };
  const collected = idleHost('memory');
  const loaded = idleHost('packages');
  const m = collected.memory;
  console.log(
    `the same host compiled, after a full collection: RSS ${mb(m.rss).trim()}, heap used ${mb(m.heapUsed).trim()} of ${mb(m.heapTotal).trim()}, external ${mb(m.external).trim()} (${collected.connectivity})`,
  );
  console.log(`  of which Node itself: ${mb(bareRss()).trim()} (an empty script)`);
  const heavyLoaded = Object.keys(HEAVY).filter((name) => loaded.packages.includes(name));
  console.log(`  heavy packages loaded while idle: ${heavyLoaded.length ? heavyLoaded.join(', ') : 'none'}`);
  console.log(`  npm packages loaded while idle (${loaded.packages.length}): ${loaded.packages.join(', ')}`);

  console.log('  import cost in a fresh Node process (RSS after a full collection, after − before):');
  for (const [name, [entry, when]] of Object.entries(HEAVY))
    console.log(`    ${name.padEnd(18)} ${mb(importCost(entry))}  loaded ${when}`);
  for (const name of RESIDENT) console.log(`    ${name.padEnd(18)} ${mb(importCost(name))}  loaded at start`);
  console.log(`idle-core done: ${loadAverage()}`);
} finally {
  sandbox.stop();
  await rm(COMPILED, { recursive: true, force: true });
  await rm(dir, { recursive: true, force: true });
}
