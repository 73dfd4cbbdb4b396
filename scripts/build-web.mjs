// What `npm run start:web` runs, built as the desktop app is built and only when its sources changed:
// the renderer (Vite, into dist/renderer) and the headless host with the core and the embedded
// sandbox (tsc, one module per file, into dist/host), which then runs under plain Node. A build is
// out of date when a file it is made from (or a config it is built with) is newer than the build's
// stamp; a failed build leaves no stamp, so the next start builds again.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const HOST_OUT = path.join(ROOT, 'dist/host');
/** The compiled host's command line, as `npm run start:web` runs it. */
export const HOST_CLI = path.join(HOST_OUT, 'electron/host/cli.js');
const RENDERER_OUT = path.join(ROOT, 'dist/renderer');
const STAMP = '.built';

/** Configs every build depends on, beside its own sources. */
const CONFIGS = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
const HOST_SOURCES = [
  'electron/core',
  'electron/host',
  'server',
  'shared',
  'node-shared',
  'electron/tsconfig.json',
  'electron/tsconfig.build.json',
];
const RENDERER_SOURCES = ['renderer', 'shared', 'vite.config.ts'];

/** The newest modification time among `paths` (files, or folders walked whole, from `root`), in ms. */
function newest(paths, root) {
  let latest = 0;
  const visit = (file) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of readdirSync(file)) if (entry !== 'node_modules') visit(path.join(file, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const p of paths) visit(path.join(root, p));
  return latest;
}

/** True when `outDir` holds a build newer than every one of `sources` (paths from `root`) and the configs. */
export function upToDate(outDir, sources, root = ROOT) {
  const stamp = statSync(path.join(outDir, STAMP), { throwIfNoEntry: false });
  return stamp !== undefined && stamp.mtimeMs >= newest([...sources, ...CONFIGS], root);
}

/** Marks `outDir` as built from its sources as they are now. */
export function stamp(outDir) {
  writeFileSync(path.join(outDir, STAMP), '');
}

function run(label, args) {
  console.log(`› ${label}`);
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${label} failed`);
}

/**
 * Compiles `entries` (paths from the project root) and what they import with tsc into `outDir`, as
 * the desktop build compiles the main process; answers each entry's compiled path.
 */
export function compileForNode(entries, outDir, { quiet = false } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'fica-compile-'));
  try {
    const config = path.join(dir, 'tsconfig.json');
    writeFileSync(
      config,
      JSON.stringify({
        extends: path.join(ROOT, 'electron/tsconfig.build.json'),
        compilerOptions: {
          rootDir: ROOT,
          outDir,
          sourceMap: false,
          typeRoots: [path.join(ROOT, 'node_modules/@types')],
        },
        include: entries.map((entry) => path.join(ROOT, entry)),
      }),
    );
    const result = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', config], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: quiet ? 'pipe' : 'inherit',
    });
    if (result.status !== 0) throw new Error(`tsc failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return entries.map((entry) =>
    path.join(outDir, path.relative(ROOT, path.join(ROOT, entry)).replace(/\.ts$/, '.js')),
  );
}

/** The renderer, unless its build is newer than its sources. */
export function buildRendererIfStale() {
  if (upToDate(RENDERER_OUT, RENDERER_SOURCES) && existsSync(path.join(RENDERER_OUT, 'index.html')))
    return false;
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js');
  rmSync(path.join(RENDERER_OUT, STAMP), { force: true });
  run('renderer (vite build)', [vite, 'build']);
  run('renderer bundle size', [path.join(ROOT, 'scripts/check-bundle-size.mjs')]);
  stamp(RENDERER_OUT);
  return true;
}

/** The host, the core and the embedded sandbox, unless their build is newer than their sources. */
export function buildHostIfStale() {
  if (upToDate(HOST_OUT, HOST_SOURCES) && existsSync(HOST_CLI)) return false;
  console.log('› host (tsc)');
  rmSync(HOST_OUT, { recursive: true, force: true });
  compileForNode(['electron/host/cli.ts', 'electron/host/embedded-sandbox.ts'], HOST_OUT);
  stamp(HOST_OUT);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  buildRendererIfStale();
  buildHostIfStale();
}
