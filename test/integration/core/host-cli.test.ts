// `npm run start:web` as a person meets it on a machine without a desktop session: the command
// line answers --help and refuses unknown flags in one line; without a reachable OS keychain it
// explains what is missing (exit code 3, no stack trace); with --dev-keychain it runs on the
// training sandbox and its data is still readable after a restart. Pointed at a sandbox by URL it
// never becomes a new partner silently: without the branch's credentials it refuses in one line,
// unless --new-partner asks for a practice partner on purpose.
import { signInWithPassword } from '../../support/staff-sign-in.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE } from '../../../shared/ipc/bridge.js';
import { decodeWire, encodeWire } from '../../../shared/ipc/wire.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

const CLI = resolve('electron/host/cli.ts');
let dir: string;
let rendererDir: string;
const children: ChildProcess[] = [];

/** No Secret Service reachable: no X11 display to autolaunch D-Bus from, a session bus that is not there. */
function headlessEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/fica-desk-bus',
  };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  return env;
}

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { env: headlessEnv() });
    // A host that should have refused but runs is stopped after the test rather than left behind.
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

/** Starts the host and resolves with its one-time link once it prints it. */
function start(args: string[]): Promise<{ child: ChildProcess; link: string; output: () => string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { env: headlessEnv() });
    children.push(child);
    let output = '';
    const onData = (d: Buffer) => {
      output += d.toString();
      const link = /(http:\/\/127\.0\.0\.1:\d+\/open\?key=\S+)/.exec(output)?.[1];
      if (link) done({ child, link, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => fail(new Error(`host exited with ${code}: ${output}`)));
  });
}

/** Asks the host to stop; one that has not stopped 30 s later is killed, so a hook never hangs. */
function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}

async function signIn(link: string): Promise<{ base: string; cookie: string }> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return { base: new URL(link).origin, cookie: res.headers.get('set-cookie')!.split(';')[0]! };
}

async function call(session: { base: string; cookie: string }, channel: string, input: unknown) {
  const res = await fetch(new URL(BRIDGE.invokePath(channel), session.base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', cookie: session.cookie },
    body: encodeWire(input),
  });
  return decodeWire(await res.text()) as { ok: boolean; value?: unknown; error?: { message: string } };
}

/** Signs the printed training capturer in through the host's bridge and the sandbox's sign-in form. */
async function staffSignIn(session: { base: string; cookie: string }, output: () => string): Promise<void> {
  let printed: RegExpExecArray | null = null;
  for (let i = 0; i < 100 && !printed; i++) {
    printed = /Training sandbox sign-in \(capturer\): (\S+) \/ (\S+)/.exec(output());
    if (!printed) await new Promise((r) => setTimeout(r, 100));
  }
  if (!printed) throw new Error(`The host printed no training sign-in: ${output()}`);
  await signInWithPassword(
    async (channel, input) => {
      const result = await call(session, channel, input);
      if (!result.ok) throw new Error(result.error?.message ?? channel);
      return result.value;
    },
    printed[1]!,
    printed[2]!,
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fica-host-cli-'));
  rendererDir = join(dir, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(
    join(rendererDir, 'index.html'),
    '<!doctype html><html><head><title>FICA Desk</title></head></html>',
  );
});

afterEach(async () => {
  await Promise.all(children.splice(0).map(stop));
});

describe('npm run start:web', () => {
  it('answers --help with its options and exit code 0', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--sandbox-url');
    expect(stdout).toContain('--dev-keychain');
    expect(stdout).toMatch(/--new-partner\s+with --sandbox-url.*practice partner/);
  });

  it('refuses an unknown flag in one line with exit code 2', async () => {
    const { code, stderr } = await run(['--no-such-flag']);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([
      "npm run start:web --: Unknown option '--no-such-flag'. Run npm run start:web -- --help for the options.",
    ]);
  });

  it('without D-Bus says in one paragraph that the keychain is missing and how to fix it (exit code 3)', async () => {
    const dataDir = join(dir, 'no-dbus');
    const { code, stderr, stdout } = await run([
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--renderer-dir',
      rendererDir,
    ]);
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(
      'the OS keychain (the Secret Service on Linux, reached over D-Bus) is not available',
    );
    expect(stderr).toContain('--dev-keychain');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('with --dev-keychain runs headless on the training sandbox, and keeps data readable across a restart', async () => {
    const dataDir = join(dir, 'dev-keychain');
    const args = ['--data-dir', dataDir, '--port', '0', '--renderer-dir', rendererDir, '--dev-keychain'];
    const first = await start(args);
    expect(first.output()).toContain('INSECURE development keychain');
    const session = await signIn(first.link);
    // Someone signs in with a training account the host printed: a change is made by someone.
    await staffSignIn(session, first.output);
    // Entity types come from the sandbox's look-ups, fetched just after start (slowly on a loaded machine).
    for (let i = 0; i < 120; i++) {
      const lookups = await call(session, 'lookups.get', {});
      if ((lookups.value as { fetchedAt: string | null } | undefined)?.fetchedAt) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const created = await call(session, 'entity.create', {
      entityRegName: 'Restart Traders (Pty) Ltd',
      entityRegNumber: '2019/000000/07',
      entityType: 1,
    });
    expect(created.ok).toBe(true);
    await stop(first.child);
    expect(await readFile(join(dataDir, 'dev-keychain.json'), 'utf8')).toMatch(
      /^\{\n {2}"warning": "INSECURE/,
    );

    // Restarted without the flag: the folder remembers its keychain.
    const second = await start(args.slice(0, -1));
    const secondSession = await signIn(second.link);
    await staffSignIn(secondSession, second.output);
    const again = await call(secondSession, 'cases.list', {});
    expect(again.ok).toBe(true);
    expect(JSON.stringify(again.value)).toContain('Restart Traders (Pty) Ltd');
  });
});

describe('npm run start:web -- --sandbox-url', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox.dispose();
  });

  const base = (name: string) => [
    '--data-dir',
    join(dir, name),
    '--port',
    '0',
    '--renderer-dir',
    rendererDir,
    '--dev-keychain',
    '--sandbox-url',
    sandbox.url,
  ];

  it('without the branch’s client id and secret refuses in one line (exit code 2) and creates no partner', async () => {
    const partners = () =>
      sandbox.handle!.context.db.prepare('SELECT COUNT(*) AS n FROM partners').get() as { n: number };
    const before = partners().n;
    const { code, stdout, stderr } = await run(base('no-credentials'));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      `npm run start:web --: no credentials are saved on this laptop for the sandbox at ${sandbox.url}: pass the branch's client id and secret with --client-id and --client-secret, or --new-partner to practise as a new partner that sees none of the branch's cases. Run npm run start:web -- --help for the options.`,
    ]);
    expect(partners().n).toBe(before);
  });

  it('refuses --new-partner without --sandbox-url, and together with a client id', async () => {
    const alone = await run(['--new-partner']);
    expect(alone.code).toBe(2);
    expect(alone.stderr.trim().split('\n')).toEqual([
      'npm run start:web --: --new-partner needs --sandbox-url. Run npm run start:web -- --help for the options.',
    ]);
    const both = await run([
      ...base('both'),
      '--new-partner',
      '--client-id',
      sandbox.clientId,
      '--client-secret',
      sandbox.clientSecret,
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr.trim().split('\n')).toEqual([
      'npm run start:web --: --new-partner and --client-id exclude each other: a new partner brings its own. Run npm run start:web -- --help for the options.',
    ]);
  });

  /** The host's output once it has printed what it says about the active profile (after the link). */
  const settled = async (output: () => string): Promise<string> => {
    for (let i = 0; i < 200 && !/Active profile: .*\n/.test(output()); i++)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 200));
    return output();
  };

  it('with --new-partner and the control secret signs in as a new practice partner and says so', async () => {
    const started = await start([
      ...base('new-partner'),
      '--new-partner',
      '--sandbox-control-secret',
      sandbox.controlSecret!,
    ]);
    expect(await settled(started.output)).toMatch(
      /Signed in as a new sandbox partner \(--new-partner\), which sees none of the branch's cases\. Client id: \S+ {2}Client secret: \S+/,
    );
  });

  it('with --new-partner but without the sandbox’s control secret creates no partner and says why', async () => {
    const partners = () =>
      sandbox.handle!.context.db.prepare('SELECT COUNT(*) AS n FROM partners').get() as { n: number };
    const before = partners().n;
    const started = await start([...base('new-partner-no-secret'), '--new-partner']);
    expect(await settled(started.output)).toContain('asks for its control secret');
    expect(partners().n).toBe(before);
  });

  it('signs in with the credentials given, and with those saved for it at the next start', async () => {
    const args = base('saved-credentials');
    const first = await start([
      ...args,
      '--client-id',
      sandbox.clientId,
      '--client-secret',
      sandbox.clientSecret,
    ]);
    await stop(first.child);
    const second = await start(args);
    const output = await settled(second.output);
    expect(output).toContain(`Active profile: the sandbox at ${sandbox.url}`);
    expect(output).not.toMatch(/new sandbox partner|Not signed in/);
    await stop(second.child);

    // A practice partner is not made over the branch's credentials: the cases here belong to it.
    const third = await run([...args, '--new-partner']);
    expect(third.code).toBe(2);
    expect(third.stderr.trim().split('\n')).toEqual([
      `npm run start:web --: this laptop already signs in to the sandbox at ${sandbox.url} with saved credentials, and its cases belong to that partner: start without --new-partner, or with another --data-dir to practise as a new partner. Run npm run start:web -- --help for the options.`,
    ]);
  });
});
