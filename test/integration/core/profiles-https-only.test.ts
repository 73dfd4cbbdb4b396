// Test and live environments are reached over https only: the core refuses a plain-http base or
// token URL through the IPC dispatch whatever the screen checked, and stores nothing it refused.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, testSecrets, type TestCore } from '../../support/core-harness.js';

describe('profiles of test and live environments', () => {
  let t: TestCore;

  beforeAll(async () => {
    t = await startTestCore({ secretStore: testSecrets('memory') });
  });
  afterAll(async () => {
    await t?.core.shutdown();
  });

  const save = (input: Record<string, unknown>) => t.core.handle('profiles.save', input);

  it('refuses a live profile with an http base URL, saying so on the field, and stores nothing', async () => {
    const before = await t.call('profiles.list', {});
    const answer = await save({ name: 'Bank live', kind: 'live', baseUrl: 'http://api.bank.example' });
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        issues: [{ path: 'baseUrl', message: 'The live environment must use https://' }],
      },
    });
    expect(await t.call('profiles.list', {})).toEqual(before);
  });

  it('refuses a test profile whose token URL is http though its base URL is https', async () => {
    const answer = await save({
      name: 'Bank test',
      kind: 'test',
      baseUrl: 'https://test.bank.example',
      tokenUrl: 'http://auth.bank.example/token',
    });
    expect(answer).toMatchObject({
      ok: false,
      error: {
        issues: [{ path: 'tokenUrl', message: "The test environment's token URL must use https://" }],
      },
    });
  });

  it('refuses turning an https live profile into an http one, and a sandbox-style http profile into live', async () => {
    const live = await t.call('profiles.save', {
      name: 'Bank live',
      kind: 'live',
      baseUrl: 'https://api.bank.example',
    });
    expect(
      await save({ id: live.id, name: 'Bank live', kind: 'live', baseUrl: 'http://api.bank.example' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    const local = await t.call('profiles.save', {
      name: 'Local',
      kind: 'sandbox',
      baseUrl: 'http://127.0.0.1:4010',
    });
    expect(
      await save({ id: local.id, name: 'Local', kind: 'live', baseUrl: 'http://127.0.0.1:4010' }),
    ).toMatchObject({
      ok: false,
      error: { issues: [{ path: 'baseUrl' }] },
    });
    const stored = await t.call('profiles.list', {});
    expect(stored.find((p) => p.id === live.id)).toMatchObject({
      kind: 'live',
      baseUrl: 'https://api.bank.example',
    });
    expect(stored.find((p) => p.id === local.id)).toMatchObject({ kind: 'sandbox' });
  });

  it('keeps https test and live profiles, with https token URLs', async () => {
    const test = await t.call('profiles.save', {
      name: 'Bank test',
      kind: 'test',
      baseUrl: 'https://test.bank.example',
      tokenUrl: 'https://auth.bank.example/token',
    });
    expect(test).toMatchObject({ kind: 'test', tokenUrl: 'https://auth.bank.example/token' });
  });
});

describe('a plain-http test or live profile stored by an older version', () => {
  let t: TestCore;
  let service: Server;
  let requests = 0;

  beforeAll(async () => {
    service = createServer((_req, res) => {
      requests += 1;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"access_token":"t","token_type":"Bearer","expires_in":3600}');
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    t = await startTestCore({ secretStore: testSecrets('memory') });
  });
  afterAll(async () => {
    await t?.core.shutdown();
    await new Promise<void>((resolve) => service.close(() => resolve()));
  });

  it('sends it neither credentials nor work, and says why', async () => {
    const port = (service.address() as AddressInfo).port;
    const db = new Database(join(t.dataDir, 'fica-desk.sqlite'));
    db.prepare(
      'INSERT INTO profiles (id, name, kind, base_url, token_url, created_at) VALUES (?, ?, ?, ?, NULL, ?)',
    ).run('old-live', 'Old live', 'live', `http://127.0.0.1:${port}`, new Date().toISOString());
    db.close();
    const answer = await t.call('profiles.setCredentials', {
      profileId: 'old-live',
      clientId: 'branch-12',
      clientSecret: 's3cret',
    });
    expect(answer).toEqual({
      verified: false,
      message: 'The live environment must use https://: change the address in Settings first.',
    });
    await t.call('profiles.activate', { id: 'old-live', confirmLive: true });
    expect(await t.core.handle('lookups.refresh', {})).toMatchObject({ ok: false });
    expect(requests).toBe(0);
  });
});
