// The idle core's memory: the headless host pointed at a sandbox in another process (so the
// sandbox's memory and code are not counted), signed in and online, left idle for IDLE_MS; then its
// RSS, what it is made of, and which heavy npm packages it has loaded (none should be, until used).
// Measured twice: under tsx, as `npm run start:web` runs it (tsx keeps a module-hooks thread with
// an isolate of its own), and compiled by tsc under plain Node, as the desktop app's main process
// runs the core. Beside it, each heavy package's own cost: RSS after a full collection, before and
// after importing it in a fresh Node process. Target: idle RSS < 100 MB. Prints figures only.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, compileForNode } from '../support/compile-for-node.js';
import { startSandboxChild } from '../support/sandbox-child.js';

const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 3000);
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
  heapSpaces: Record<string, number>;
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

function bareRss(args: string[]): number {
  const script = join(ROOT, 'dist/bench-core/empty.mjs');
  const run = spawnSync(process.execPath, ['--expose-gc', ...args, script], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${run.stderr}`);
  return Number(run.stdout);
}

/** The host, the core and this bench's child script, compiled as the desktop build does (tsc). */
async function compile(): Promise<void> {
  await compileForNode(['test/support/idle-host-process.ts'], COMPILED);
  await writeFile(
    join(COMPILED, 'empty.mjs'),
    'global.gc(); await new Promise((r) => setTimeout(r, 100)); process.stdout.write(String(process.memoryUsage().rss));\n',
  );
}

const dir = await mkdtemp(join(tmpdir(), 'fica-idle-'));
const sandbox = await startSandboxChild(join(dir, 'sandbox'));
try {
  await compile();
  let runs = 0;
  const idleHost = (runtime: 'tsx' | 'node', mode: 'memory' | 'packages'): IdleReport => {
    const entry =
      runtime === 'tsx'
        ? ['--import', 'tsx', 'test/support/idle-host-process.ts']
        : [join(COMPILED, 'test/support/idle-host-process.js')];
    const args = [mode, join(dir, `host-${runs++}`), sandbox.url, sandbox.clientId, sandbox.clientSecret];
    const run = spawnSync(process.execPath, ['--expose-gc', ...entry, ...args, String(IDLE_MS)], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`the idle host failed: ${run.stderr}`);
    return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as IdleReport;
  };
  const underTsx = idleHost('tsx', 'memory');
  const compiled = idleHost('node', 'memory');
  const loaded = idleHost('node', 'packages');

  console.log(`idle core: the headless host against a sandbox in another process, idle ${IDLE_MS} ms`);
  const row = (label: string, r: IdleReport) => {
    const m = r.memory;
    console.log(
      `  ${label.padEnd(30)} RSS ${mb(m.rss)}  heap used ${mb(m.heapUsed)} of ${mb(m.heapTotal)}  external ${mb(m.external)}  (${r.connectivity}) ${m.rss < 100 * MB ? 'OK' : 'ABOVE TARGET'}`,
    );
  };
  row('compiled (tsc), plain Node', compiled);
  row('under tsx (npm run start:web)', underTsx);
  console.log(
    `  of which Node itself: ${mb(bareRss([])).trim()} (an empty script); with tsx's loader: ${mb(bareRss(['--import', 'tsx'])).trim()}`,
  );
  const heavyLoaded = Object.keys(HEAVY).filter((name) => loaded.packages.includes(name));
  console.log(`  heavy packages loaded while idle: ${heavyLoaded.length ? heavyLoaded.join(', ') : 'none'}`);
  console.log(`  npm packages loaded while idle (${loaded.packages.length}): ${loaded.packages.join(', ')}`);

  console.log('  import cost in a fresh Node process (RSS after a full collection, after − before):');
  for (const [name, [entry, when]] of Object.entries(HEAVY))
    console.log(`    ${name.padEnd(18)} ${mb(importCost(entry))}  loaded ${when}`);
  for (const name of RESIDENT) console.log(`    ${name.padEnd(18)} ${mb(importCost(name))}  loaded at start`);
} finally {
  sandbox.stop();
  await rm(COMPILED, { recursive: true, force: true });
  await rm(dir, { recursive: true, force: true });
}
