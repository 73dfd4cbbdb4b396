// `npm run start:web`: FICA Desk in a browser, no Electron. Data lives in ~/.fica-desk-web (or
// --data-dir); secrets in the OS keychain. Prints the URL to open.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startHost } from './index.js';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    port: { type: 'string' },
    'renderer-dir': { type: 'string' },
    'sandbox-url': { type: 'string' },
  },
});

const dataDir = resolve(values['data-dir'] ?? join(homedir(), '.fica-desk-web'));
const host = await startHost({
  dataDir,
  port: values.port ? Number(values.port) : 5180,
  rendererDir: resolve(values['renderer-dir'] ?? 'dist/renderer'),
  sandbox: values['sandbox-url'] ? { url: values['sandbox-url'] } : 'embedded',
});

console.log(`FICA Desk (web) is running: ${host.url}`);
console.log(`Data folder: ${dataDir}`);
if (host.sandbox) console.log(`Embedded sandbox API: ${host.sandbox.url}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await host.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
