// The sandbox control API (/sandbox/v1) sets staff passwords and acts as a partner's dashboard, so it
// answers only requests that carry the secret the sandbox printed (X-Sandbox-Control-Secret): a
// missing or wrong one is a 401 in the published shape, before the body is read, and changes
// nothing. A data folder keeps its secret across restarts; a configured one replaces it; live mode
// has no control API at all.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle, type StartSandboxOptions } from '../../../server/index.js';
import { SANDBOX_CONTROL_SECRET_HEADER } from '../../../shared/api/sandbox.js';
import { isErrorBody } from './helpers.js';

const running: SandboxHandle[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const handle of running) await handle.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function start(options: StartSandboxOptions = {}): Promise<SandboxHandle> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'fica-control-secret-')));
  if (!options.dataDir) dirs.push(dataDir);
  const handle = await startSandbox({ port: 0, ...options, dataDir });
  running.push(handle);
  return handle;
}

function routes(handle: SandboxHandle): Array<[string, string, unknown]> {
  const partner = handle.demoPartner.partnerId;
  const user = handle.staff[0]!.userId;
  return [
    ['POST', '/sandbox/v1/partners', { name: 'Taken Over' }],
    ['PATCH', `/sandbox/v1/partners/${partner}`, { balance: 0 }],
    ['GET', `/sandbox/v1/partners/${partner}/users`, undefined],
    ['PUT', `/sandbox/v1/partners/${partner}/users/${user}/password`, { password: 'taken over' }],
    ['POST', `/sandbox/v1/partners/${partner}/users/${user}/unlock`, {}],
    ['POST', `/sandbox/v1/partners/${partner}/unlock`, {}],
    ['GET', '/sandbox/v1/security-audit', undefined],
    ['POST', '/sandbox/v1/dashboard-actions', { partnerId: partner, action: 'updateEntity' }],
  ];
}

function send(handle: SandboxHandle, method: string, path: string, body: unknown, secret?: string) {
  return fetch(`${handle.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(secret === undefined ? {} : { [SANDBOX_CONTROL_SECRET_HEADER]: secret }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const partnerCount = (handle: SandboxHandle): number =>
  (handle.context.db.prepare('SELECT COUNT(*) AS n FROM partners').get() as { n: number }).n;

describe('the sandbox control secret', () => {
  it('refuses every control route without the secret or with a wrong one, and changes nothing', async () => {
    const handle = await start();
    expect(handle.controlSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const partners = partnerCount(handle);
    const balance = handle.context.partners.get(handle.demoPartner.partnerId)!.balance;
    for (const [method, path, body] of routes(handle)) {
      for (const secret of [undefined, '', 'wrong', `${handle.controlSecret!}x`]) {
        const res = await send(handle, method, path, body, secret);
        expect(res.status, `${method} ${path} with ${String(secret)}`).toBe(401);
        expect(isErrorBody(await res.json(), 401)).toBe(true);
      }
    }
    expect(partnerCount(handle)).toBe(partners);
    expect(handle.context.partners.get(handle.demoPartner.partnerId)!.balance).toBe(balance);
    const capturer = handle.staff[0]!;
    expect(handle.context.staffAccounts.get(capturer.userId)!.passwordHash).not.toBeNull();

    // With it, each route does its work.
    const statuses: number[] = [];
    for (const [method, path, body] of routes(handle))
      statuses.push((await send(handle, method, path, body, handle.controlSecret!)).status);
    expect(statuses).toEqual([201, 200, 200, 204, 204, 204, 200, 400]);
  });

  it('keeps a data folder’s secret across restarts, and takes a configured one instead', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fica-control-secret-'));
    dirs.push(dataDir);
    const first = await start({ dataDir });
    const kept = first.controlSecret!;
    await first.stop();
    running.splice(running.indexOf(first), 1);
    const again = await start({ dataDir });
    expect(again.controlSecret).toBe(kept);
    await again.stop();
    running.splice(running.indexOf(again), 1);

    const configured = await start({ dataDir, controlSecret: 'the-apps-own-secret-from-its-keychain' });
    expect(configured.controlSecret).toBe('the-apps-own-secret-from-its-keychain');
    const path = `/sandbox/v1/partners/${configured.demoPartner.partnerId}/users`;
    expect((await send(configured, 'GET', path, undefined, kept)).status).toBe(401);
    expect((await send(configured, 'GET', path, undefined, configured.controlSecret!)).status).toBe(200);
  });

  it('has no control API in live mode', async () => {
    const live = await start({ mode: 'live' });
    expect(live.controlSecret).toBeNull();
    for (const [method, path, body] of routes(live))
      expect((await send(live, method, path, body, 'anything')).status, path).toBe(404);
  });
});
