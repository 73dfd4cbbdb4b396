// Builds what the desktop app runs from dist/: the renderer (its own package script), the main
// process (tsc, keeping one module per file so stack traces match the sources) and the preload
// (Vite, bundled to one CommonJS file as a sandboxed preload requires).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
export const RENDERER_INDEX = path.join(root, 'dist/renderer/index.html');

function step(label, command, args, options = {}) {
  console.log(`› ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

export function buildElectron() {
  const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts ?? {};
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js');
  if (scripts['build:renderer']) {
    // npm is a .cmd on Windows, which only a shell can start.
    step('renderer', 'npm', ['run', 'build:renderer'], { shell: process.platform === 'win32' });
  } else {
    // The root vite.config.ts is the renderer's build (into dist/renderer).
    step('renderer', process.execPath, [vite, 'build']);
  }
  if (!existsSync(RENDERER_INDEX)) {
    console.error(`The renderer is not built (${path.relative(root, RENDERER_INDEX)} is missing).`);
    process.exit(1);
  }
  step('main process', process.execPath, [
    require.resolve('typescript/bin/tsc'),
    '-p',
    'electron/tsconfig.build.json',
  ]);
  step('preload', process.execPath, [vite, 'build', '-c', 'electron/vite.preload.config.ts']);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) buildElectron();
