// The headless host as `npm run start:web -- --sandbox-url` runs it (core, bridge, no embedded
// sandbox), left idle, then reporting on stdout as one JSON line: its memory and the npm packages it
// has loaded (with `packages`, which adds a module-hooks thread of its own, so memory is measured in
// a run without it).
// Usage: node --expose-gc [--import tsx] idle-host-process.(ts|js) <memory|packages> <dataDir> <sandboxUrl> <clientId> <clientSecret> [idleMs]
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
import { getHeapSpaceStatistics } from 'node:v8';

const [mode, dataDir, url, clientId, clientSecret, idle = '3000'] = process.argv.slice(2);

// ES modules pass through the load hook; CommonJS files required from CommonJS do not, but they
// are in the CommonJS cache, so the two together name every file loaded.
const loaded = new Set<string>();
const { port1, port2 } = new MessageChannel();
port1.on('message', (fileUrl: string) => loaded.add(fileUrl));
port1.unref();
const hook = `let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) { port.postMessage(url); return next(url, context); }`;
if (mode === 'packages') {
  register(`data:text/javascript,${encodeURIComponent(hook)}`, {
    data: { port: port2 },
    transferList: [port2],
  });
}

const { startHost } = await import('../../electron/host/index.js');
const { memorySecretStores } = await import('./memory-secret-store.js');
const host = await startHost({
  dataDir: dataDir!,
  port: 0,
  rendererDir: 'dist/renderer',
  sandbox: { url: url!, clientId, clientSecret },
  secretStore: memorySecretStores(),
});
await new Promise((r) => setTimeout(r, Number(idle)));
global.gc?.();
await new Promise((r) => setTimeout(r, 100));

const cjs = Object.keys((createRequire(import.meta.url)('node:module') as { _cache: object })._cache);
const packages = new Set<string>();
for (const file of [...loaded, ...cjs]) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(decodeURIComponent(file));
  if (m) packages.add(m[1]!);
}
const status = await host.core.handle('status.get', {});
process.stdout.write(
  `${JSON.stringify({
    memory: process.memoryUsage(),
    heapSpaces: Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size])),
    packages: [...packages].sort(),
    connectivity: status.ok ? (status.value as { connectivity: string }).connectivity : 'unknown',
  })}\n`,
);
await host.stop();
process.exit(0);
