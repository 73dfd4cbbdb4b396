// contract §3: Idempotency-Key on POST and PATCH: replay, 422 for a different request, per partner.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PDF,
  PNG,
  SA_ID,
  client,
  form,
  newPartner,
  num,
  obj,
  str,
  startHarness,
  type Client,
  type Harness,
} from './helpers.js';

let h: Harness;
let api: Client;

beforeAll(async () => {
  h = await startHarness();
  api = client(h.url, h.token);
});
afterAll(async () => {
  await h.stop();
});

const body = (ref: string) => ({
  entityRegName: 'Idem Co',
  entityRegNumber: 'F-1',
  entityType: 7,
  clientReference: ref,
});

describe('Idempotency-Key (contract §3)', () => {
  it('replays the first answer (status and body) without doing the work again', async () => {
    const p = await newPartner(h.url, { balance: 100 });
    const key = randomUUID();
    const first = await p.api.post('/api/v1/entity', body('idem-1'), { 'Idempotency-Key': key });
    expect(first.status).toBeLessThan(300);
    const second = await p.api.post('/api/v1/entity', body('idem-1'), { 'Idempotency-Key': key });
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(obj((await p.api.get('/api/v1/entity?clientReference=idem-1')).body).count).toBe(1);
    expect(obj((await p.api.get('/api/v1/settings/partner')).body).balance).toBe(90);
  });

  it('answers 422 when the same key comes with a different request', async () => {
    const key = randomUUID();
    expect(
      (await api.post('/api/v1/entity', body('idem-2'), { 'Idempotency-Key': key })).status,
    ).toBeLessThan(300);
    const other = await api.post('/api/v1/entity', body('idem-2-other'), { 'Idempotency-Key': key });
    expect(other.status).toBe(422);
    expect(obj(other.body)).toMatchObject({ statusCode: 422 });
    expect(obj((await api.get('/api/v1/entity?clientReference=idem-2-other')).body).count).toBe(0);
  });

  it('scopes keys per partner', async () => {
    const p = await newPartner(h.url);
    const key = randomUUID();
    const mine = await api.post('/api/v1/entity', body('idem-3'), { 'Idempotency-Key': key });
    const theirs = await p.api.post('/api/v1/entity', body('idem-3'), { 'Idempotency-Key': key });
    expect(theirs.status).toBeLessThan(300);
    expect(obj(theirs.body).id).not.toBe(obj(mine.body).id);
  });

  it('replays a PATCH', async () => {
    const e = str(obj((await api.post('/api/v1/entity', body('idem-4'))).body).id);
    const key = randomUUID();
    const first = await api.patch(
      `/api/v1/entity/${e}/kyb`,
      { entityTradingName: 'Once' },
      { 'Idempotency-Key': key },
    );
    const second = await api.patch(
      `/api/v1/entity/${e}/kyb`,
      { entityTradingName: 'Once' },
      { 'Idempotency-Key': key },
    );
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(
      (await api.patch(`/api/v1/entity/${e}/kyb`, { entityTradingName: 'Twice' }, { 'Idempotency-Key': key }))
        .status,
    ).toBe(422);
    // The same key on another path is another request too.
    expect((await api.post('/api/v1/entity', body('idem-4b'), { 'Idempotency-Key': key })).status).toBe(422);
  });

  it('replays a multipart upload retried with a new FormData (a different boundary)', async () => {
    const e = str(obj((await api.post('/api/v1/entity', body('idem-5'))).body).id);
    await api.patch(`/api/v1/entity/${e}/kyb`, { entityTradingName: 'Idem' });
    await api.patch(`/api/v1/entity/${e}/sanctions-review`, {
      adverseSearchKYC: false,
      pepConfirmReviewed: true,
    });
    const ubo = str(
      obj(
        (
          await api.post(`/api/v1/entity/${e}/ubo-create`, {
            firstName: 'Ivy',
            lastName: 'Dem',
            clientSACitizen: true,
            idNumber: SA_ID,
          })
        ).body,
      ).uboUUID,
    );
    const docs = JSON.stringify({ individualDocsID: 1, IndividualDocTypesID: 1 });
    const key = randomUUID();
    const make = (bytes: Buffer) =>
      form({ file: { bytes, name: 'id.pdf' }, documents: docs, additionalFicaDoc: 'false' });
    const first = await api.post(`/api/v1/entity/${ubo}/ubo-doc-upload`, make(PDF), {
      'Idempotency-Key': key,
    });
    expect([200, 201], first.text).toContain(first.status);
    const retry = await api.post(`/api/v1/entity/${ubo}/ubo-doc-upload`, make(PDF), {
      'Idempotency-Key': key,
    });
    expect(retry.status, retry.text).toBe(first.status);
    expect(retry.body).toEqual(first.body);
    const record = obj((await api.get(`/api/v1/entity/directors-and-members/${ubo}`)).body);
    const ids = (record.documents as Array<{ uboDocsID: number }>).map((d) => d.uboDocsID);
    expect(ids).toEqual([num(obj(first.body).uboDocsID)]);
    // A different file under the same key is a different request.
    const changed = await api.post(`/api/v1/entity/${ubo}/ubo-doc-upload`, make(PNG), {
      'Idempotency-Key': key,
    });
    expect(changed.status).toBe(422);
  });

  it('answers 409 to a retry while the first request with the key is still running', async () => {
    const e = str(obj((await api.post('/api/v1/entity', body('idem-6'))).body).id);
    await api.patch(`/api/v1/entity/${e}/kyb`, { entityTradingName: 'Idem' });
    await api.patch(`/api/v1/entity/${e}/sanctions-review`, {
      adverseSearchKYC: false,
      pepConfirmReviewed: true,
    });
    const ubo = str(
      obj(
        (
          await api.post(`/api/v1/entity/${e}/ubo-create`, {
            firstName: 'Slow',
            lastName: 'Upload',
            clientSACitizen: true,
            idNumber: SA_ID,
          })
        ).body,
      ).uboUUID,
    );
    const key = randomUUID();
    // The first upload's body is held open until the retry has been answered.
    const boundary = 'conformance-slow-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="documents"\r\n\r\n${JSON.stringify({ individualDocsID: 1, IndividualDocTypesID: 1 })}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(head));
        controller.enqueue(new Uint8Array(PDF));
        await released;
        controller.enqueue(new Uint8Array(tail));
        controller.close();
      },
    });
    const first = fetch(`${h.url}/api/v1/entity/${ubo}/ubo-doc-upload`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${h.token}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Idempotency-Key': key,
      },
      body: stream,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    // The retry goes once the first request holds the key, its body still arriving.
    const claimed = h.sandbox.context.db.prepare(
      "SELECT 1 FROM idempotency_keys WHERE key = ? AND state = 'in_progress'",
    );
    await vi.waitFor(() => expect(claimed.get(key)).toBeDefined(), { timeout: 30_000, interval: 20 });
    const retry = await api.post(
      `/api/v1/entity/${ubo}/ubo-doc-upload`,
      form({
        file: { bytes: PDF, name: 'slow.pdf' },
        documents: JSON.stringify({ individualDocsID: 1, IndividualDocTypesID: 1 }),
      }),
      { 'Idempotency-Key': key },
    );
    release();
    const done = await first;
    expect(done.status).toBeLessThan(300);
    expect(retry.status, retry.text).toBe(409);
    expect(obj(retry.body).statusCode).toBe(409);
  });
});
