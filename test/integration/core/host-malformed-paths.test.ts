// The headless host answers an address with malformed percent-encoding (`/%`, `/ipc/%E0%A4%A`)
// with a 400 that says so, never a 500, and still refuses such IPC calls without the token.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE } from '../../../shared/ipc/bridge.js';
import { decodeWire } from '../../../shared/ipc/wire.js';
import { startHost, type Host } from '../../../electron/host/index.js';
import { ensureVaultKey, testSecrets } from '../../support/core-harness.js';

describe('headless host and malformed percent-encoding', () => {
  let host: Host;

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fica-host-paths-'));
    const rendererDir = join(dir, 'renderer');
    await mkdir(rendererDir, { recursive: true });
    await writeFile(
      join(rendererDir, 'index.html'),
      '<!doctype html><html><head><title>FICA Desk</title></head><body></body></html>',
    );
    const secretStore = testSecrets('memory');
    await ensureVaultKey(secretStore);
    host = await startHost({ dataDir: join(dir, 'data'), port: 0, rendererDir, secretStore });
  });
  afterAll(async () => {
    await host?.stop();
  });

  it('answers malformed page addresses with a 400 in JSON', async () => {
    for (const path of ['/%', '/%E0%A4%A', '/assets/%ZZ.js', '/%C0']) {
      const res = await fetch(new URL(path, host.url));
      expect(res.status, path).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({
        statusCode: 400,
        message: 'The address has malformed percent-encoding',
        error: 'Bad Request',
      });
    }
  });

  it('answers a malformed channel name with a 400 IPC refusal, and without the token still 403', async () => {
    const call = (token: string | null) =>
      fetch(new URL('/ipc/%E0%A4%A', host.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { [BRIDGE.tokenHeader]: token } : {}) },
        body: '{}',
      });
    const withToken = await call(host.token);
    expect(withToken.status).toBe(400);
    expect(decodeWire(await withToken.text())).toMatchObject({
      ok: false,
      error: { code: 'unknown-channel' },
    });
    expect((await call(null)).status).toBe(403);
  });
});
