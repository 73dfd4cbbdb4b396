// `npm run dist`: builds the app, rebuilds the native modules for Electron, packages the installers
// with electron-builder, and always rebuilds the native modules back for Node afterwards so the
// tests keep working. Extra arguments go to electron-builder (e.g. --linux, --win, --mac).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildElectron } from './build-electron.mjs';
import { switchNativeModules } from './native-modules.mjs';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(
    'Usage: npm run dist -- [electron-builder options, e.g. --linux, --win, --mac]\n\nBuilds FICA Desk and its installers into release/ (electron-builder.yml).',
  );
  process.exit(0);
}

buildElectron();
if (!switchNativeModules('electron')) process.exit(1);
let status = 1;
try {
  // Already rebuilt above: electron-builder's own in-place rebuild would leave no way back.
  const result = spawnSync(
    process.execPath,
    [
      require.resolve('electron-builder/cli.js'),
      '--config',
      'electron-builder.yml',
      '-c.npmRebuild=false',
      ...args,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  status = result.status ?? 1;
} finally {
  if (!switchNativeModules('node')) status = status || 1;
}
process.exit(status);
