// `npm run start:web` as a person meets it on a machine without a desktop session: the command
// line answers --help and refuses unknown flags in one line; without a reachable OS keychain it
// explains what is missing (exit code 3, no stack trace); with --dev-keychain it runs on the
// training sandbox and its data is still readable after a restart.
import { signInWithPassword } from '../../support/staff-sign-in.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE } from '../../../shared/ipc/bridge.js';
import { decodeWire, encodeWire } from '../../../shared/ipc/wire.js';

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

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
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
