// The sandbox in a process of its own (for the benches: its memory and CPU must not count as the
// core's), with the rate limit raised so a benchmark measures uploads, not the limiter. Its handle
// (address, demo partner, staff, control secret) is written as one JSON line for sandbox-child.ts.
// Usage: node --import tsx test/support/sandbox-process.ts <dataDir> [<options as JSON>]
import { startSandbox, type StartSandboxOptions } from '../../server/index.js';
import type { SandboxChildHandle } from './sandbox-child.js';

const options = JSON.parse(process.argv[3] ?? '{}') as StartSandboxOptions;
const sandbox = await startSandbox({
  rateLimit: { max: 1_000_000, windowMs: 60_000 },
  ...options,
  port: 0,
  dataDir: process.argv[2],
});
const handle: SandboxChildHandle = {
  url: sandbox.url,
  clientId: sandbox.demoPartner.clientId,
  clientSecret: sandbox.demoPartner.clientSecret,
  partnerId: sandbox.demoPartner.partnerId,
  issuer: sandbox.oidc.issuer,
  controlSecret: sandbox.controlSecret,
  staff: sandbox.staff,
};
process.stdout.write(`Sandbox API listening on ${sandbox.url}\n`);
process.stdout.write(`Sandbox handle: ${JSON.stringify(handle)}\n`);
const stop = () => void sandbox.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
// Its parent holds stdin open: a bench that ends without stopping it (killed, or failed) ends it too.
process.stdin.on('end', stop).resume();
