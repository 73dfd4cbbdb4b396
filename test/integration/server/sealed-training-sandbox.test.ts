// The desktop's embedded training sandbox keeps its database and uploaded files sealed on disk with
// its at-rest key: what a person types or scans while practising is never on disk in plain bytes,
// survives a restart with the key, and cannot be opened without it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SealedDataError } from '../../../server/store/sealed-data-error.js';
import { startSandbox, type SandboxHandle } from '../../../server/index.js';
import { Client, PDF, entityReadyForOwners, expectStatus, getToken, uboBody, type Json } from './helpers.js';

const dirs: string[] = [];
const running: SandboxHandle[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fica-sealed-sandbox-'));
  dirs.push(dir);
  return dir;
}

async function start(
  dataDir: string,
  atRestKey: Buffer | null,
): Promise<{ handle: SandboxHandle; api: Client }> {
  const handle = await startSandbox({ port: 0, dataDir, atRestKey, rateLimit: { max: 100_000 } });
  running.push(handle);
  const token = await getToken(handle.url, handle.demoPartner.clientId, handle.demoPartner.clientSecret);
  return { handle, api: new Client(handle.url, token) };
}

async function stop(handle: SandboxHandle): Promise<void> {
  running.splice(running.indexOf(handle), 1);
  await handle.stop();
}

/** Every byte the sandbox left in its folder, file by file. */
async function filesUnder(dir: string): Promise<Array<{ path: string; bytes: Buffer }>> {
  const out: Array<{ path: string; bytes: Buffer }> = [];
  for (const entry of await readdir(dir, { recursive: true })) {
    const path = join(dir, entry);
    if ((await stat(path)).isFile()) out.push({ path, bytes: await readFile(path) });
  }
  return out;
}

/** A practice client with a name that can be searched for in the folder's bytes, and a scanned document. */
async function capturePracticeClient(
  api: Client,
  surname: string,
  scan: Buffer,
): Promise<{ uboId: string; docId: number }> {
  const entity = await entityReadyForOwners(api);
  const ubo = await expectStatus(
    api.post<Json>(`/api/v1/entity/${entity.id}/ubo-create`, uboBody('Nomsa', surname)),
    201,
  );
  const uboId = String(ubo.body.uboID);
  const up = await expectStatus(
    api.upload<{ uboDocsID: number }>(
      `/api/v1/entity/${uboId}/ubo-doc-upload`,
      {
        documents: JSON.stringify({ individualDocsID: 1, IndividualDocTypesID: 1 }),
        additionalFicaDoc: 'false',
      },
      { bytes: scan, filename: 'id.pdf', type: 'application/pdf' },
    ),
    201,
  );
  return { uboId, docId: up.body.uboDocsID };
}

const scanOf = (marker: string) => Buffer.concat([PDF, Buffer.from(`\n% ${marker}\n`, 'latin1')]);

describe('sealed training sandbox', () => {
  it('keeps no typed name or scanned byte in plain form on disk', async () => {
    const dir = await freshDir();
    const { api } = await start(dir, randomBytes(32));
    const surname = `Practiceperson${randomBytes(4).toString('hex')}`;
    const marker = `scanmarker-${randomBytes(8).toString('hex')}`;
    await capturePracticeClient(api, surname, scanOf(marker));

    const files = await filesUnder(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      expect(f.bytes.includes(Buffer.from(surname)), f.path).toBe(false);
      expect(f.bytes.includes(Buffer.from(marker)), f.path).toBe(false);
    }
  });

  it('gives back the same people and documents after a restart with its key', async () => {
    const dir = await freshDir();
    const key = randomBytes(32);
    const first = await start(dir, key);
    const scan = scanOf('kept across restarts');
    const { uboId, docId } = await capturePracticeClient(first.api, 'Restarted', scan);
    await stop(first.handle);

    const second = await start(dir, key);
    const person = await expectStatus(
      second.api.get<Json>(`/api/v1/entity/directors-and-members/${uboId}`),
      200,
    );
    expect(JSON.stringify(person.body)).toContain('Restarted');
    const doc = await expectStatus(second.api.get<Json>(`/api/v1/entity/${docId}/ubo-doc`), 200);
    expect(Buffer.from(String(doc.body.base64Content), 'base64').equals(scan)).toBe(true);
  });

  it('refuses to start with another key, saying the data cannot be opened', async () => {
    const dir = await freshDir();
    const first = await start(dir, randomBytes(32));
    await capturePracticeClient(first.api, 'Locked', scanOf('locked'));
    await stop(first.handle);

    await expect(start(dir, randomBytes(32))).rejects.toThrow(SealedDataError);
    await expect(start(dir, randomBytes(32))).rejects.toThrow(/cannot be opened with this computer's key/);
  });

  it('seals the plain database an earlier version left, keeping its records', async () => {
    const dir = await freshDir();
    const plain = await start(dir, null);
    const entity = await entityReadyForOwners(plain.api);
    await stop(plain.handle);
    expect((await readdir(dir)).includes('sandbox.sqlite')).toBe(true);

    const sealed = await start(dir, randomBytes(32));
    await expectStatus(sealed.api.get<Json>(`/api/v1/entity/${entity.id}`), 200);
    expect((await readdir(dir)).filter((name) => name.startsWith('sandbox.sqlite'))).toEqual([
      'sandbox.sqlite.sealed',
    ]);
  });
});
