// `npm run start:web`: builds what changed since the last start (build-web.mjs), then runs the
// compiled host in this process under plain Node, as the desktop app runs its main process. Its
// arguments are the host's (`npm run start:web -- --help`).
import { pathToFileURL } from 'node:url';
import { HOST_CLI, buildHostIfStale, buildRendererIfStale } from './build-web.mjs';

try {
  buildRendererIfStale();
  buildHostIfStale();
} catch (error) {
  console.error(`npm run start:web: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
await import(pathToFileURL(HOST_CLI).href);
