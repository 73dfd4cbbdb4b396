// The staff's sign-in accounts over the sandbox's life: the demo passwords a data folder keeps
// (sealed or plain) and prints again, a folder from before sign-in brought forward, distinct
// addresses for partners of the same name, and the provider in live mode.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type SandboxHandle, type StartSandboxOptions } from '../../../server/index.js';
import { hashSecret } from '../../../server/auth/secrets.js';
import { migrate } from '../../../server/store/db.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import { deskClient, signInWithDesk } from '../../support/oidc-login.js';
import { createPartner, getToken } from './helpers.js';
import { controlHeaders, rememberControlSecret } from '../../support/sandbox.js';

const dirs: string[] = [];
const running: SandboxHandle[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fica-staff-sign-in-'));
  dirs.push(dir);
  return dir;
}

async function start(options: StartSandboxOptions): Promise<SandboxHandle> {
  const handle = await startSandbox({ port: 0, rateLimit: { max: 100_000 }, ...options });
  rememberControlSecret(handle);
  running.push(handle);
  return handle;
}

async function stop(handle: SandboxHandle): Promise<void> {
  running.splice(running.indexOf(handle), 1);
  await handle.stop();
}

async function signIn(handle: SandboxHandle, email: string, password: string) {
  return signInWithDesk(await deskClient(handle.oidc.issuer), email, password);
}

describe('staff sign-in accounts', () => {
  it('gives the same demo passwords after a restart of a sealed folder, and a password set since', async () => {
    const dataDir = await freshDir();
    const atRestKey = randomBytes(32);
    const first = await start({ dataDir, atRestKey });
    expect(first.staff.map((a) => a.role)).toEqual(['capturer', 'reviewer', 'admin']);
    const reviewer = first.staff.find((a) => a.role === 'reviewer')!;
    const res = await fetch(
      `${first.url}/sandbox/v1/partners/${first.demoPartner.partnerId}/users/${reviewer.userId}/password`,
      {
        method: 'PUT',
        headers: { ...controlHeaders(first.url), 'content-type': 'application/json' },
        body: '{"password":"practice makes"}',
      },
    );
    expect(res.status).toBe(204);
    await stop(first);

    const second = await start({ dataDir, atRestKey });
    expect(second.staff).toEqual(
      first.staff.map((a) => (a.role === 'reviewer' ? { ...a, password: 'practice makes' } : a)),
    );
    expect((await signIn(second, reviewer.email, 'practice makes')).sub).toBe(reviewer.userId);
  });

  it('brings a folder from before sign-in forward: an admin per partner, demo passwords that work', async () => {
    const dataDir = await freshDir();
    const old = new Database(join(dataDir, 'sandbox.sqlite'));
    migrate(
      old,
      MIGRATIONS.filter((m) => m.version < 16),
    );
    const partner = old.prepare(
      "INSERT INTO partners (id, name, balance, high_from, client_id, client_secret_hash, created_at) VALUES (?, ?, 100, 15, ?, ?, '2025-01-01')",
    );
    const user = old.prepare('INSERT INTO users (id, partner_id, name, email, role) VALUES (?, ?, ?, ?, ?)');
    const demoId = crypto.randomUUID();
    const capturerId = crypto.randomUUID();
    partner.run(demoId, 'Demo Partner', 'sbx_old', hashSecret('old-secret'));
    user.run(capturerId, demoId, 'Demo Partner Capturer', 'capturer@demo.partner.example', 'capturer');
    user.run(
      crypto.randomUUID(),
      demoId,
      'Demo Partner Reviewer',
      'reviewer@demo.partner.example',
      'reviewer',
    );
    const otherId = crypto.randomUUID();
    partner.run(otherId, 'Other Bank', 'sbx_other', hashSecret('other-secret'));
    user.run(crypto.randomUUID(), otherId, 'Other Bank Capturer', 'capturer@other.bank.example', 'capturer');
    user.run(crypto.randomUUID(), otherId, 'Other Bank Reviewer', 'reviewer@other.bank.example', 'reviewer');
    old
      .prepare("INSERT INTO sandbox_meta (key, value) VALUES ('demo_partner', ?)")
      .run(JSON.stringify({ partnerId: demoId, clientId: 'sbx_old', clientSecret: 'old-secret' }));
    old.close();

    const handle = await start({ dataDir });
    expect(handle.demoPartner.partnerId).toBe(demoId);
    expect(handle.staff.map((a) => [a.role, a.email])).toEqual([
      ['capturer', 'capturer@demo.partner.example'],
      ['reviewer', 'reviewer@demo.partner.example'],
      ['admin', 'admin@demo.partner.example'],
    ]);
    const capturer = handle.staff[0]!;
    expect(capturer.userId).toBe(capturerId);
    expect(await signIn(handle, capturer.email, capturer.password)).toMatchObject({
      sub: capturerId,
      roles: ['capturer'],
      partner_id: demoId,
    });
    const admin = handle.staff[2]!;
    expect(z.uuid().safeParse(admin.userId).success).toBe(true);
    expect((await signIn(handle, admin.email, admin.password)).roles).toEqual(['admin']);

    const others = await fetch(`${handle.url}/sandbox/v1/partners/${otherId}/users`, {
      headers: controlHeaders(handle.url),
    });
    const otherAccounts = (await others.json()) as Array<{ userId: string; email: string; role: string }>;
    expect(otherAccounts.map((a) => [a.role, a.email])).toEqual([
      ['capturer', 'capturer@other.bank.example'],
      ['reviewer', 'reviewer@other.bank.example'],
      ['admin', 'admin@other.bank.example'],
    ]);
    // Its staff had no password before: nobody signs in as them until one is set.
    const otherAdmin = otherAccounts[2]!;
    await expect(signIn(handle, otherAdmin.email, 'anything at all')).rejects.toThrow(/did not reach/);
    const set = await fetch(
      `${handle.url}/sandbox/v1/partners/${otherId}/users/${otherAdmin.userId}/password`,
      {
        method: 'PUT',
        headers: { ...controlHeaders(handle.url), 'content-type': 'application/json' },
        body: '{"password":"now it is set"}',
      },
    );
    expect(set.status).toBe(204);
    expect((await signIn(handle, otherAdmin.email, 'now it is set')).partner_id).toBe(otherId);

    const token = await getToken(handle.url, 'sbx_other', 'other-secret');
    const users = await fetch(`${handle.url}/api/v1/settings/users`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await users.json()) as Array<{ role: string }>).map((u) => u.role).sort()).toEqual([
      'capturer',
      'reviewer',
    ]);
  });

  it('gives partners of the same name addresses of their own', async () => {
    const handle = await start({ dataDir: await freshDir() });
    const first = (await createPartner(handle.url, { name: 'Twin Bank' })) as unknown as {
      users: Array<{ email: string; password: string; userId: string }>;
    };
    const second = (await createPartner(handle.url, { name: 'Twin Bank' })) as unknown as typeof first;
    expect(first.users.map((u) => u.email)).toEqual([
      'capturer@twin.bank.example',
      'reviewer@twin.bank.example',
      'admin@twin.bank.example',
    ]);
    expect(second.users.map((u) => u.email)).toEqual([
      'capturer@twin.bank.2.example',
      'reviewer@twin.bank.2.example',
      'admin@twin.bank.2.example',
    ]);
    const secondReviewer = second.users[1]!;
    expect((await signIn(handle, secondReviewer.email, secondReviewer.password)).sub).toBe(
      secondReviewer.userId,
    );
  });

  it('signs staff in in live mode too, where the control routes are off', async () => {
    const handle = await start({ dataDir: await freshDir(), mode: 'live' });
    const reviewer = handle.staff.find((a) => a.role === 'reviewer')!;
    expect((await signIn(handle, reviewer.email, reviewer.password)).roles).toEqual(['reviewer']);
    const listed = await fetch(`${handle.url}/sandbox/v1/partners/${handle.demoPartner.partnerId}/users`, {
      headers: controlHeaders(handle.url),
    });
    expect(listed.status).toBe(404);
  });
});
