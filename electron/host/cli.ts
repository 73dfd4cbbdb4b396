// `npm run start:web`: FICA Desk in a browser, no Electron. Data lives in ~/.fica-desk-web (or
// --data-dir); secrets in the OS keychain, or with --dev-keychain in the insecure development
// keychain file of the data folder (training sandbox only). Prints a one-time link to open.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseCommandLine } from '../../shared/cli/command-line.js';
import type { Host } from './index.js';
import { SandboxCredentialsMissing, SandboxPartnerExists } from './sandbox-partner.js';
import { startupFailureText } from './startup-failure.js';

const COMMAND = 'npm run start:web --';
const commandLine = parseCommandLine(
  parseArgs,
  process.argv.slice(2),
  COMMAND,
  'Runs FICA Desk (core, embedded training sandbox, built renderer) on 127.0.0.1 and prints a one-time link to open in your browser.',
  {
    'data-dir': { type: 'string', help: 'DIR  data folder (default ~/.fica-desk-web)' },
    port: { type: 'string', help: 'PORT  port on 127.0.0.1 (default 5180; 0 picks a free one)' },
    'renderer-dir': { type: 'string', help: 'DIR  built renderer (default dist/renderer)' },
    'sandbox-url': {
      type: 'string',
      help: "URL  use this sandbox service instead of the embedded one, as the active profile (the first time with the branch's --client-id and --client-secret, or --new-partner)",
    },
    'client-id': { type: 'string', help: 'ID  with --sandbox-url: sign in with this client id' },
    'client-secret': { type: 'string', help: 'SECRET  with --sandbox-url: and this client secret' },
    'new-partner': {
      type: 'boolean',
      help: "with --sandbox-url and no credentials: create a new practice partner on purpose (its desk sees none of the branch's cases)",
    },
    'sandbox-control-secret': {
      type: 'string',
      help: 'SECRET  with --new-partner: the control secret that sandbox printed at start (its control API asks for it)',
    },
    'dev-keychain': {
      type: 'boolean',
      help: 'keep secrets in an INSECURE plain file in the data folder (training sandbox only; for machines with no OS keychain)',
    },
  },
);
if (commandLine.kind === 'help') {
  console.log(commandLine.text);
  process.exit(0);
}
if (commandLine.kind === 'refused') {
  console.error(commandLine.message);
  process.exit(2);
}
const values = commandLine.values;
const refuse = (message: string): never => {
  console.error(`${COMMAND}: ${message}. Run ${COMMAND} --help for the options.`);
  process.exit(2);
};
const port = values.port === undefined ? 5180 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  refuse(`--port must be a port number, got ${values.port}`);
if (values['sandbox-url'] !== undefined && !/^https?:\/\/[^\s]+$/.test(values['sandbox-url']))
  refuse(`--sandbox-url must be an http(s) URL, got ${values['sandbox-url']}`);
if ((values['client-id'] === undefined) !== (values['client-secret'] === undefined))
  refuse('--client-id and --client-secret go together');
if (values['client-id'] !== undefined && values['sandbox-url'] === undefined)
  refuse('--client-id and --client-secret need --sandbox-url');
if (values['new-partner'] === true && values['sandbox-url'] === undefined)
  refuse('--new-partner needs --sandbox-url');
if (values['new-partner'] === true && values['client-id'] !== undefined)
  refuse('--new-partner and --client-id exclude each other: a new partner brings its own');
if (values['sandbox-control-secret'] !== undefined && values['new-partner'] !== true)
  refuse('--sandbox-control-secret goes with --new-partner');

const dataDir = resolve(values['data-dir'] ?? join(homedir(), '.fica-desk-web'));
// A folder started once with the development keychain keeps it: its vault key is in that file.
const devKeychain = values['dev-keychain'] === true || existsSync(join(dataDir, 'dev-keychain.json'));
const sandboxUrl = values['sandbox-url'];

let host: Host;
try {
  // Loaded here so a keychain library that cannot load (libsecret missing) is reported, not thrown.
  const { startHost } = await import('./index.js');
  host = await startHost({
    dataDir,
    port,
    rendererDir: resolve(values['renderer-dir'] ?? 'dist/renderer'),
    sandbox: sandboxUrl
      ? {
          url: sandboxUrl,
          clientId: values['client-id'],
          clientSecret: values['client-secret'],
          newPartner: values['new-partner'] === true,
          controlSecret: values['sandbox-control-secret'],
        }
      : 'embedded',
    devKeychain,
  });
} catch (error) {
  if (error instanceof SandboxCredentialsMissing || error instanceof SandboxPartnerExists)
    refuse(error.message);
  console.error(startupFailureText(error, { devKeychain }));
  process.exit(3);
}

if (devKeychain) {
  console.log(
    `WARNING: secrets are kept in the INSECURE development keychain ${join(dataDir, 'dev-keychain.json')} (training sandbox only).`,
  );
}
console.log(`FICA Desk (web) is running. Open this one-time link in your browser: ${host.openUrl()}`);
console.log(`(It works once; restart to get another.) Data folder: ${dataDir}`);
if (host.sandbox) {
  console.log(`Embedded training sandbox API: ${host.sandbox.url}`);
  for (const account of host.sandbox.staff)
    console.log(`Training sandbox sign-in (${account.role}): ${account.email} / ${account.password}`);
}
if (sandboxUrl) console.log(`Active profile: the sandbox at ${sandboxUrl}`);
const signIn = host.sandboxSignIn;
if (signIn && 'created' in signIn) {
  console.log(
    `Signed in as a new sandbox partner (--new-partner), which sees none of the branch's cases. Client id: ${signIn.created.clientId}  Client secret: ${signIn.created.clientSecret}`,
  );
} else if (signIn) {
  console.log(
    `Not signed in: ${signIn.failed} Sign in under Settings, or restart with --client-id and --client-secret.`,
  );
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await host.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
