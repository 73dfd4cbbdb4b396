// `npm start`: builds the desktop app, rebuilds the native modules for Electron, starts it, and
// rebuilds them back for Node when it quits (so npm test works afterwards).
// The Electron binary is located the way the electron package does, but without require('electron'):
// that call tries to download a missing binary, and this must fail plainly instead.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildElectron } from './build-electron.mjs';
import { switchNativeModules } from './native-modules.mjs';

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

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(
    'Usage: npm start [-- Electron options]\n\nBuilds FICA Desk, rebuilds better-sqlite3 and keytar for Electron, runs the desktop app, and rebuilds them for Node when it quits.',
  );
  process.exit(0);
}

const binary = electronBinaryPath();
if (!binary) {
  console.error(
    'The Electron binary is not installed on this machine; run `npm run start:web` for the headless app in your browser.',
  );
  process.exit(1);
}

buildElectron();
if (!switchNativeModules('electron')) process.exit(1);

const child = spawn(binary, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
// Ctrl+C reaches Electron too; it quits, we put the Node builds back and leave with its exit code.
process.on('SIGINT', () => undefined);
child.on('exit', (code, signal) => {
  const restored = switchNativeModules('node');
  process.exit(signal ? 1 : (code ?? 0) || (restored ? 0 : 1));
});
