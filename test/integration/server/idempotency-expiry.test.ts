// Idempotency records last 24 hours (contract §3): within them a key replays, after them the same
// key runs the request again. A bare Fastify app with a controllable clock, on a real SQLite file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../server/store/db.js';
import { IDEMPOTENCY_TTL_MS, registerIdempotency } from '../../../server/http/idempotency.js';

let dir: string;
let db: Db;
let app: FastifyInstance;
let clock = Date.UTC(2026, 0, 1);
let runs = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fica-idem-expiry-'));
  db = openDb(dir);
  app = Fastify();
  registerIdempotency(app, db, { now: () => clock });
  app.post('/count', async (_request, reply) => reply.status(201).send({ run: ++runs }));
  app.post('/fail', async (_request, reply) => reply.status(500).send({ run: ++runs }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (url: string, key: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'idempotency-key': key, 'content-type': 'application/json' },
    payload: '{"a":1}',
  });

describe('idempotency record lifetime', () => {
  it('replays within 24 hours and runs again after them', async () => {
    const first = await post('/count', 'k-1');
    clock += IDEMPOTENCY_TTL_MS - 1;
    const replay = await post('/count', 'k-1');
    expect(replay.json()).toEqual(first.json());
    expect(replay.statusCode).toBe(201);
    clock += 2;
    const fresh = await post('/count', 'k-1');
    expect(fresh.json()).not.toEqual(first.json());
  });

  it('does not keep a 5xx answer: the retry runs again', async () => {
    const first = await post('/fail', 'k-2');
    const second = await post('/fail', 'k-2');
    expect(first.statusCode).toBe(500);
    expect(second.json()).not.toEqual(first.json());
  });
});
