// Tokens: one that the service stops accepting mid-drain is refreshed once (single-flight, even with
// four uploads hitting 401 together); revoked credentials park the queue ("needs-sign-in") without
// dropping anything, and signing in again sends it all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, waitFor, type TestCore } from '../../support/core-harness.js';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy.js';
import { captureEntityPathA, finishIndividual, startIndividual } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

describe('tokens and sign-in', () => {
  let sandbox: TestSandbox;
  let proxy: FaultProxy;
  let t: TestCore;
  let uploadsDone = 0;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    proxy = await startFaultProxy(sandbox.url);
    t = await startTestCore({
      sandbox: {
        url: proxy.url,
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
        issuerUrl: sandbox.issuer,
      },
      startQueue: false,
      log: (event, detail) => {
        if (event === 'done' && String(detail.kind).endsWith('doc-upload')) uploadsDone++;
      },
    });
    await t.call('lookups.refresh', {});
  });

  afterAll(async () => {
    await t?.core.shutdown();
    await proxy?.stop();
    await sandbox?.stop();
  });

  const sandboxDb = () => sandbox.handle!.context.db;

  it('refreshes a token that expires mid-drain exactly once', async () => {
    t.core.internals.startQueue();
    await captureEntityPathA(t, { extraEntityDocs: 30, holdEntityDocs: true });
    const before = proxy.stats['token-requests'];
    await t.call('queue.resume', {});
    await waitFor(
      'some uploads',
      () => uploadsDone,
      (n) => n >= 5,
    );
    // The service stops accepting every token it issued (expiry), while uploads are in flight.
    sandboxDb().prepare('UPDATE access_tokens SET expires_at = 0').run();
    const done = await waitFor(
      'drain',
      () => t.call('status.get', {}),
      (s) => s.unsentCount === 0 || s.failedCount > 0,
      60_000,
    );
    expect(done.failedCount).toBe(0);
    expect(done.connectivity).toBe('online');
    expect(proxy.stats['token-requests'] - before).toBe(1);
  });

  it('parks the queue when the credentials are revoked, and resumes after signing in again', async () => {
    const secretHash = (
      sandboxDb()
        .prepare('SELECT client_secret_hash AS h FROM partners WHERE id = ?')
        .get(sandbox.partnerId) as { h: string }
    ).h;
    sandboxDb()
      .prepare("UPDATE partners SET client_secret_hash = 'revoked' WHERE id = ?")
      .run(sandbox.partnerId);
    sandboxDb().prepare('UPDATE access_tokens SET revoked_at = 1').run();

    const caseId = await startIndividual(t);
    const parked = await waitFor(
      'needs sign-in',
      () => t.call('status.get', {}),
      (s) => s.connectivity === 'needs-sign-in',
    );
    expect(parked.unsentCount).toBeGreaterThan(0);
    expect(parked.failedCount).toBe(0);
    const jobs = await t.call('queue.list', {});
    expect(jobs.every((j) => j.state === 'waiting' && j.error?.permanent !== true)).toBe(true);
    expect(jobs.some((j) => j.waitingFor === 'waiting for sign-in')).toBe(true);

    // The environment's administrator signs its service credentials in again. Wrong ones are
    // refused and nothing is saved; the queue stays parked.
    await t.actAs('admin');
    const wrong = await t.call('profiles.setCredentials', {
      profileId: (await t.call('status.get', {})).profile!.id,
      clientId: sandbox.clientId,
      clientSecret: 'not-the-secret',
    });
    expect(wrong.verified).toBe(false);
    expect((await t.call('status.get', {})).connectivity).toBe('needs-sign-in');

    sandboxDb()
      .prepare('UPDATE partners SET client_secret_hash = ? WHERE id = ?')
      .run(secretHash, sandbox.partnerId);
    const again = await t.call('profiles.setCredentials', {
      profileId: (await t.call('status.get', {})).profile!.id,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
    });
    expect(again).toMatchObject({ verified: true });
    // The answer never carries a secret.
    expect(JSON.stringify(again)).not.toContain(sandbox.clientSecret);
    await t.actAs('capturer');
    await finishIndividual(t, caseId);
    const done = await waitFor(
      'drain',
      () => t.call('status.get', {}),
      (s) => s.unsentCount === 0 || s.failedCount > 0,
      60_000,
    );
    expect(done.failedCount).toBe(0);
    const c = await t.call('cases.get', { caseId });
    expect(c.status).toBe('approved');
  });
});
