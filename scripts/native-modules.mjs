// The native modules (better-sqlite3, keytar) are built for one runtime at a time: Node, as npm ci
// leaves them (the tests and the headless host), or Electron (npm start, npm run dist). A marker in
// node_modules records which; every command switches them to what it needs and back, so the Node
// tests work after `npm start` or `npm run dist` with no manual step.
//   node scripts/native-modules.mjs node|electron
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
export const NATIVE_MODULES = ['better-sqlite3', 'keytar'];
const MARKER = path.join(root, 'node_modules', '.fica-native-runtime.json');

/**
 * What to do to have the modules built for `wanted` when they are built for `current` (null: as
 * npm ci left them, for Node). Pure, for the unit test.
 * @param {{runtime: 'node'|'electron', version: string} | null} current
 * @param {{runtime: 'node'|'electron', version: string}} wanted
 * @returns {'nothing' | 'rebuild-for-electron' | 'rebuild-for-node'}
 */
export function planNativeSwitch(current, wanted) {
  const now = current ?? { runtime: 'node', version: wanted.runtime === 'node' ? wanted.version : '' };
  if (now.runtime === wanted.runtime && now.version === wanted.version) return 'nothing';
  return wanted.runtime === 'electron' ? 'rebuild-for-electron' : 'rebuild-for-node';
}

/**
 * The sentence printed when a rebuild fails. Electron's headers come from electronjs.org, which
 * this project's build machines cannot reach.
 * @param {'rebuild-for-electron' | 'rebuild-for-node'} step
 * @param {string} detail
 */
export function rebuildFailureText(step, detail) {
  if (step === 'rebuild-for-electron') {
    return `The native modules (${NATIVE_MODULES.join(', ')}) could not be rebuilt for Electron: ${detail}. Electron's headers are downloaded from electronjs.org, which this project's build machines cannot reach; run npm start / npm run dist on a machine that can (the desktop workflow in .github/workflows/desktop.yml does). The Node copies were left as they were, so npm test and npm run start:web still work.`;
  }
  return `The native modules (${NATIVE_MODULES.join(', ')}) could not be rebuilt for Node: ${detail}. Run npm rebuild ${NATIVE_MODULES.join(' ')} (or npm ci) before npm test.`;
}

function readMarker() {
  if (!existsSync(MARKER)) return null;
  try {
    return JSON.parse(readFileSync(MARKER, 'utf8'));
  } catch {
    return null;
  }
}

export function electronVersion() {
  return JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
}

/** Rebuilds when needed; returns false (after saying why) when it could not. */
export function switchNativeModules(runtime) {
  const wanted = { runtime, version: runtime === 'electron' ? electronVersion() : process.versions.node };
  const step = planNativeSwitch(readMarker(), wanted);
  if (step === 'nothing') return true;
  console.log(`› native modules for ${runtime} ${wanted.version}`);
  const result =
    step === 'rebuild-for-electron'
      ? spawnSync(
          process.execPath,
          [
            require.resolve('@electron/rebuild/lib/cli.js'),
            '--version',
            wanted.version,
            '--force',
            '--only',
            NATIVE_MODULES.join(','),
          ],
          { cwd: root, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' },
        )
      : spawnSync('npm', ['rebuild', ...NATIVE_MODULES], {
          cwd: root,
          stdio: ['ignore', 'inherit', 'pipe'],
          encoding: 'utf8',
          shell: process.platform === 'win32',
        });
  if (result.status !== 0) {
    const detail = (result.stderr || result.error?.message || `exit code ${result.status}`)
      .trim()
      .split('\n')
      .pop();
    console.error(rebuildFailureText(step, detail));
    // A failed Electron rebuild may have left half-built copies: put the Node ones back.
    if (step === 'rebuild-for-electron') switchNativeModules('node');
    return false;
  }
  if (runtime === 'node') rmSync(MARKER, { force: true });
  else writeFileSync(MARKER, `${JSON.stringify(wanted)}\n`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const runtime = process.argv[2];
  if (runtime === '--help' || runtime === '-h') {
    console.log(
      'Usage: node scripts/native-modules.mjs node|electron\n\nBuilds better-sqlite3 and keytar for Node (tests, start:web) or Electron (npm start, npm run dist).',
    );
    process.exit(0);
  }
  if (process.argv.length !== 3 || (runtime !== 'node' && runtime !== 'electron')) {
    console.error(
      `native-modules: expected node or electron, got ${process.argv.slice(2).join(' ') || 'nothing'}. Run with --help.`,
    );
    process.exit(2);
  }
  process.exit(switchNativeModules(runtime) ? 0 : 1);
}
