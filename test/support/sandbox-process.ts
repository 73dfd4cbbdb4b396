// The sandbox in a process of its own (for the bench: its memory must not count as the core's),
// with the rate limit raised so a benchmark measures uploads, not the limiter.
// Usage: node --import tsx test/support/sandbox-process.ts <dataDir>
import { startSandbox } from '../../server/index.js';

const sandbox = await startSandbox({
  port: 0,
  dataDir: process.argv[2],
  rateLimit: { max: 1_000_000, windowMs: 60_000 },
});
process.stdout.write(`Sandbox API listening on ${sandbox.url}\n`);
process.stdout.write(`Demo partner client id: ${sandbox.demoPartner.clientId}\n`);
process.stdout.write(`Demo partner client secret: ${sandbox.demoPartner.clientSecret}\n`);
process.on('SIGTERM', () => void sandbox.stop().then(() => process.exit(0)));
