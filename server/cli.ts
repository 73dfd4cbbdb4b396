// `npm run sandbox -- [--host H] [--port P] [--data-dir DIR] [--webhook-time-scale S]` (contract §11).
import { parseArgs } from 'node:util';
import { parseCommandLine } from '../shared/cli/command-line.js';
import { startSandbox } from './index.js';
import { DESK_CLIENT_ID } from './oidc/provider.js';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const commandLine = parseCommandLine(
    parseArgs,
    process.argv.slice(2),
    'npm run sandbox --',
    'Starts the sandbox compliance service and prints its address and demo partner credentials.',
    {
      host: { type: 'string', help: 'HOST  address to listen on (default 127.0.0.1)' },
      port: { type: 'string', help: 'PORT  port (default 4010; 0 picks a free one)' },
      'data-dir': { type: 'string', help: 'DIR  data folder (default: a fresh temporary folder)' },
      'webhook-time-scale': {
        type: 'string',
        help: 'S  speed factor of the webhook retry schedule (default 1)',
      },
      mode: { type: 'string', help: 'sandbox|live  live refuses the sandbox control API (default sandbox)' },
      'control-secret': {
        type: 'string',
        help: 'SECRET  what the control API asks for in X-Sandbox-Control-Secret (default: one kept in the data folder)',
      },
    },
  );
  if (commandLine.kind === 'help') {
    process.stdout.write(`${commandLine.text}\n`);
    process.exit(0);
  }
  if (commandLine.kind === 'refused') fail(commandLine.message);
  const parsed = commandLine.values;
  const values = {
    host: parsed.host ?? '127.0.0.1',
    port: parsed.port ?? '4010',
    'data-dir': parsed['data-dir'],
    'webhook-time-scale': parsed['webhook-time-scale'] ?? '1',
    mode: parsed.mode ?? 'sandbox',
  };
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`--port must be a port number, got ${values.port}`);
  const scale = Number(values['webhook-time-scale']);
  if (!Number.isFinite(scale) || scale <= 0)
    fail(`--webhook-time-scale must be a positive number, got ${values['webhook-time-scale']}`);
  if (values.mode !== 'sandbox' && values.mode !== 'live') fail('--mode must be sandbox or live');

  const sandbox = await startSandbox({
    host: values.host,
    port,
    dataDir: values['data-dir'],
    webhookTimeScale: scale,
    mode: values.mode,
    controlSecret: parsed['control-secret'] || undefined,
  });
  process.stdout.write(`Sandbox API listening on ${sandbox.url}\n`);
  process.stdout.write(`Data folder: ${sandbox.dataDir}\n`);
  process.stdout.write(`Demo partner client id: ${sandbox.demoPartner.clientId}\n`);
  process.stdout.write(`Demo partner client secret: ${sandbox.demoPartner.clientSecret}\n`);
  if (sandbox.controlSecret)
    process.stdout.write(`Sandbox control secret (X-Sandbox-Control-Secret): ${sandbox.controlSecret}\n`);
  process.stdout.write(`Staff sign-in client id: ${DESK_CLIENT_ID} (public, PKCE)\n`);
  for (const account of sandbox.staff)
    process.stdout.write(`Staff sign-in (${sandbox.oidc.issuer}): ${account.email} / ${account.password}\n`);

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
