// `npm run sandbox -- [--host H] [--port P] [--data-dir DIR] [--webhook-time-scale S]` (contract §11).
import { parseArgs } from 'node:util';
import { startSandbox } from './index.js';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '4010' },
      'data-dir': { type: 'string' },
      'webhook-time-scale': { type: 'string', default: '1' },
      mode: { type: 'string', default: 'sandbox' },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, got ${values.port}`);
  const scale = Number(values['webhook-time-scale']);
  if (!Number.isFinite(scale) || scale <= 0) fail(`--webhook-time-scale must be a positive number, got ${values['webhook-time-scale']}`);
  if (values.mode !== 'sandbox' && values.mode !== 'live') fail('--mode must be sandbox or live');

  const sandbox = await startSandbox({
    host: values.host,
    port,
    dataDir: values['data-dir'],
    webhookTimeScale: scale,
    mode: values.mode,
  });
  process.stdout.write(`Sandbox API listening on ${sandbox.url}\n`);
  process.stdout.write(`Data folder: ${sandbox.dataDir}\n`);
  process.stdout.write(`Demo partner client id: ${sandbox.demoPartner.clientId}\n`);
  process.stdout.write(`Demo partner client secret: ${sandbox.demoPartner.clientSecret}\n`);

  const shutdown = (): void => {
    sandbox.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  fail(`Sandbox failed to start: ${error instanceof Error ? error.message : String(error)}`);
});
