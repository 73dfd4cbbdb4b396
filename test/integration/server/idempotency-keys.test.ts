// Idempotency-Key (contract §3): a replay returns the first answer without redoing the work, a
// different request under the same key is 422, a retry while the first still runs is 409; keys
// are per partner and survive a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PDF,
  createPartner,
  expectStatus,
  isErrorBody,
  startTestSandbox,
  type Client,
  type Json,
  type TestSandbox,
} from './helpers.js';

let t: TestSandbox;
let dataDir: string;

const body = (extra: Json = {}): Json => ({
  firstName: 'Idem',
  lastName: 'Potent',
  clientSACitizen: true,
  idNumber: '8001015009087',
  ...extra,
});
const withKey = (key: string) => ({ 'idempotency-key': key });
const balance = async (api: Client) =>
  (await api.get<{ balance: number }>('/api/v1/settings/partner')).body.balance;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fica-sbx-idem-'));
  t = await startTestSandbox({ dataDir });
});
afterAll(async () => {
  await t.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A multipart body built by hand, so that a retry can send exactly the same bytes. */
function multipart(boundary: string, documents: string, file: Buffer): { head: Buffer; tail: Buffer } {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="documents"\r\n\r\n${documents}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  return { head: Buffer.concat([head, file]), tail: Buffer.from(`\r\n--${boundary}--\r\n`) };
}

interface Sent {
  status: number;
  body: Json;
}

/** Sends a multipart POST; `hold` lets the caller decide when the last bytes go out. */
function sendMultipart(
  path: string,
  key: string,
  parts: { head: Buffer; tail: Buffer },
  boundary: string,
  hold?: Promise<void>,
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${t.url}${path}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${t.api.token}`,
          'idempotency-key': key,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(parts.head.length + parts.tail.length),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json,
          }),
        );
      },
    );
    req.on('error', reject);
    req.write(parts.head);
    void (hold ?? Promise.resolve()).then(() => req.end(parts.tail));
  });
}

async function readyForDocuments(): Promise<string> {
  const reviewer = (await t.api.get<Array<{ id: string; role: string }>>('/api/v1/settings/users')).body.find(
    (u) => u.role === 'reviewer',
  )!.id;
  const id = (await expectStatus(t.api.post<{ id: string }>('/api/v1/individual', body()), 201)).body.id;
  await expectStatus(t.api.post(`/api/v1/individual/${id}/aml-screening`), 200);
  await expectStatus(t.api.post(`/api/v1/individual/${id}/external-validation`), 200);
  await expectStatus(
    t.api.patch(`/api/v1/individual/${id}/pep-sanctions-decision`, {
      pepConfirmReviewed: true,
      adverseSearchKYC: false,
      clientForeignOfficial: false,
      userID: reviewer,
      partnerID: t.sandbox.demoPartner.partnerId,
    }),
    200,
  );
  return id;
}

describe('Idempotency-Key', () => {
  it('replays a create: same id, same status, charged once', async () => {
    const key = randomUUID();
    const before = await balance(t.api);
    const first = await expectStatus(
      t.api.request<{ id: string }>('POST', '/api/v1/individual', body(), withKey(key)),
      201,
    );
    const second = await expectStatus(
      t.api.request<{ id: string }>('POST', '/api/v1/individual', body(), withKey(key)),
      201,
    );
    expect(second.body.id).toBe(first.body.id);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(before - (await balance(t.api))).toBe(5);
    const listed = (await t.api.get<{ count: number }>('/api/v1/individual?lastName=Potent')).body.count;
    expect(listed).toBe(1);
  });

  it('answers 422 for the same key with a different body or path', async () => {
    const key = randomUUID();
    await expectStatus(t.api.request('POST', '/api/v1/individual', body(), withKey(key)), 201);
    const changed = await t.api.request(
      'POST',
      '/api/v1/individual',
      body({ firstName: 'Changed' }),
      withKey(key),
    );
    expect(changed.status).toBe(422);
    expect(isErrorBody(changed.body, 422)).toBe(true);
    const otherPath = await t.api.request(
      'POST',
      '/api/v1/entity',
      { entityRegName: 'X', entityRegNumber: '2015/000000/07', entityType: 1 },
      withKey(key),
    );
    expect(otherPath.status).toBe(422);
  });

  it('works on PATCH and scopes keys per partner', async () => {
    const id = (await expectStatus(t.api.post<{ id: string }>('/api/v1/individual', body()), 201)).body.id;
    const key = randomUUID();
    const a = await expectStatus(
      t.api.request('PATCH', `/api/v1/individual/${id}`, { firstName: 'Once' }, withKey(key)),
      200,
    );
    await expectStatus(t.api.patch(`/api/v1/individual/${id}`, { firstName: 'Later' }), 200);
    const replay = await expectStatus(
      t.api.request('PATCH', `/api/v1/individual/${id}`, { firstName: 'Once' }, withKey(key)),
      200,
    );
    expect(replay.body).toEqual(a.body);
    expect((await t.api.get(`/api/v1/individual/${id}`)).body.firstName).toBe('Later');

    const other = await createPartner(t.url, { balance: 50 });
    const createKey = randomUUID();
    const mine = await expectStatus(
      t.api.request<{ id: string }>('POST', '/api/v1/individual', body(), withKey(createKey)),
      201,
    );
    const theirs = await expectStatus(
      other.client.request<{ id: string }>('POST', '/api/v1/individual', body(), withKey(createKey)),
      201,
    );
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('answers 409 to a retry while the first request is still running, then replays its answer', async () => {
    const id = await readyForDocuments();
    const key = randomUUID();
    const boundary = `----idem${randomUUID()}`;
    const parts = multipart(
      boundary,
      JSON.stringify([{ individualDocsID: 1, IndividualDocTypesID: 1 }]),
      PDF,
    );
    const path = `/api/v1/individual/${id}/documents`;
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const slow = sendMultipart(path, key, parts, boundary, hold);
    // Wait until the first request holds the key (its body is still arriving).
    const db = t.sandbox.context.db;
    const deadline = Date.now() + 10_000;
    while (!db.prepare("SELECT 1 FROM idempotency_keys WHERE key = ? AND state = 'in_progress'").get(key)) {
      if (Date.now() > deadline) throw new Error('the first request never claimed its key');
      await new Promise((r) => setTimeout(r, 10));
    }
    const concurrent = await sendMultipart(path, key, parts, boundary);
    expect(concurrent.status).toBe(409);
    expect(isErrorBody(concurrent.body, 409)).toBe(true);
    release();
    const first = await slow;
    expect(first.status).toBe(201);
    // The same bytes again: the stored answer, and still one document.
    const replay = await sendMultipart(path, key, parts, boundary);
    expect(replay).toEqual(first);
    expect(
      (await t.api.get<{ documents: unknown[] }>(`/api/v1/individual/${id}`)).body.documents,
    ).toHaveLength(1);
    // Different bytes (another file) under the same key: 422.
    const changed = await sendMultipart(
      path,
      key,
      multipart(boundary, JSON.stringify([{ individualDocsID: 1, IndividualDocTypesID: 2 }]), PDF),
      boundary,
    );
    expect(changed.status).toBe(422);
  });

  it('keeps keys across a restart', async () => {
    const key = randomUUID();
    const first = await expectStatus(
      t.api.request<{ id: string }>(
        'POST',
        '/api/v1/individual',
        body({ lastName: 'Restarted' }),
        withKey(key),
      ),
      201,
    );
    await t.stop();
    t = await startTestSandbox({ dataDir });
    const replay = await expectStatus(
      t.api.request<{ id: string }>(
        'POST',
        '/api/v1/individual',
        body({ lastName: 'Restarted' }),
        withKey(key),
      ),
      201,
    );
    expect(replay.body.id).toBe(first.body.id);
  });
});
