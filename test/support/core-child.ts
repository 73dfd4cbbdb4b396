// A core in a child process, for the crash tests: it drains the queue of an existing data folder and
// reports each finished job on stdout, so the parent can SIGKILL it at chosen points. The keychain is
// in memory, handed over by the parent as JSON on stdin (never written to disk), so no OS keychain
// is needed and every life sees the same vault key.
// Usage: node --import tsx test/support/core-child.ts <dataDir> <serviceUrl> <clientId> <clientSecret> < secrets.json
import { createCore } from '../../electron/core/index.js';
import { memorySecretStores, type SecretSnapshot } from './memory-secret-store.js';

const [dataDir, url, clientId, clientSecret] = process.argv.slice(2);
if (!dataDir || !url || !clientId || !clientSecret) {
  console.error('usage: core-child <dataDir> <serviceUrl> <clientId> <clientSecret> < secrets.json');
  process.exit(2);
}

let input = '';
for await (const chunk of process.stdin) input += String(chunk);
const secrets = memorySecretStores(JSON.parse(input) as SecretSnapshot);

const core = await createCore({
  dataDir,
  secretStore: secrets,
  sandbox: { url, clientId, clientSecret },
  queue: { backoffBaseMs: 50, backoffMaxMs: 500, probeIntervalMs: 100, concurrency: 4 },
  log: (event, detail) => {
    if (event === 'done' || event === 'reconciled' || event === 'start')
      process.stdout.write(`${event} ${String(detail.kind ?? detail.revived ?? '')}\n`);
    if (event === 'failure' && detail.failure === 'permanent')
      process.stdout.write(`permanent ${String(detail.message)}\n`);
  },
});
process.stdout.write('ready\n');
const timer = setInterval(() => {
  void core.handle('status.get', {}).then((result) => {
    if (result.ok) {
      const status = result.value as { unsentCount: number; failedCount: number };
      if (status.unsentCount === 0 || status.failedCount > 0)
        process.stdout.write(`idle ${status.unsentCount} ${status.failedCount}\n`);
    }
  });
}, 100);
process.on('SIGTERM', () => {
  clearInterval(timer);
  void core.shutdown().then(() => process.exit(0));
});
