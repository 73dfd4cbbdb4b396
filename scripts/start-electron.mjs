// `npm start`: builds the desktop app and starts it (its default profile is the embedded sandbox).
// The Electron binary is located the way the electron package does, but without require('electron'):
// that call tries to download a missing binary, and this must fail plainly instead.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildElectron } from './build-electron.mjs';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));

export function electronBinaryPath() {
  let packageDir;
  try {
    packageDir = path.dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = path.join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const candidate = path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH, executable || 'electron');
    return existsSync(candidate) ? candidate : null;
  }
  if (!executable) return null;
  const candidate = path.join(packageDir, 'dist', executable);
  return existsSync(candidate) ? candidate : null;
}

const binary = electronBinaryPath();
if (!binary) {
  console.error(
    'The Electron binary is not installed on this machine; run `npm run start:web` for the headless app in your browser.',
  );
  process.exit(1);
}

buildElectron();

const child = spawn(binary, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
// Ctrl+C reaches Electron too; leaving when it leaves keeps its exit code as ours.
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 0);
});
