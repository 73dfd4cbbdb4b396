// Idempotency-Key on every POST and PATCH (contract §3, after the IETF draft "The Idempotency-Key
// HTTP Header Field"): the first answer to a key is stored with the request's fingerprint and
// replayed to a retry; a different request under the same key is 422; a retry while the first is
// still running is 409. Keys are scoped per partner and kept in SQLite, so they survive a restart.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../store/db.js';
import { errorBody } from './errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

/**
 * Answers that are final for the request and so replayed. Not kept: 5xx (the work may be half
 * done), 401 (nothing ran), 402 (a top-up makes the retry succeed), 408, 409 and 429 (transient).
 */
function storable(status: number): boolean {
  if (status >= 500) return false;
  return ![401, 402, 408, 409, 429].includes(status);
}

interface KeyRow {
  method: string;
  path: string;
  body_hash: string | null;
  state: 'in_progress' | 'done';
  status_code: number | null;
  content_type: string | null;
  response_body: Buffer | null;
  expires_at: number;
}

/** Stands in for a multipart delimiter in the fingerprint. */
const BOUNDARY_TOKEN = Buffer.from('--<multipart boundary>');

/** The boundary parameter of a multipart content type, if there is one. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^\s*multipart\//i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/**
 * The fingerprint of a request body. Every new FormData picks a new multipart boundary, so a
 * retry of the same upload differs from the first only there: the boundary is replaced by a fixed
 * token before hashing, which leaves the fields, part headers and file bytes as the fingerprint.
 */
export class BodyFingerprint {
  private readonly hash = createHash('sha256');
  private readonly boundary: Buffer | undefined;
  private tail: Buffer = Buffer.alloc(0);

  constructor(boundary?: string) {
    // The delimiter as it appears in the body, so a short boundary cannot match ordinary text.
    this.boundary = boundary ? Buffer.from(`--${boundary}`, 'latin1') : undefined;
  }

  update(chunk: Buffer | string): void {
    const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const boundary = this.boundary;
    if (!boundary) {
      this.hash.update(data);
      return;
    }
    // Small chunks are joined with the held-back bytes; a large one is searched where it is, with
    // only its first bytes joined to the tail, so a 40 MB upload is never copied for hashing.
    if (data.length < boundary.length) {
      this.scan(this.tail.length > 0 ? Buffer.concat([this.tail, data]) : data, 0);
      return;
    }
    let from = 0;
    if (this.tail.length > 0) {
      // The tail is shorter than a delimiter, so a delimiter that starts in it ends in `data`.
      const joint = Buffer.concat([this.tail, data.subarray(0, boundary.length - 1)]);
      const at = joint.indexOf(boundary);
      if (at !== -1 && at < this.tail.length) {
        this.hash.update(joint.subarray(0, at));
        this.hash.update(BOUNDARY_TOKEN);
        from = at + boundary.length - this.tail.length;
      } else {
        this.hash.update(this.tail);
      }
      this.tail = Buffer.alloc(0);
    }
    this.scan(data, from);
  }

  /** Hashes `buf` from `pos` with delimiters replaced, holding back what could begin one. */
  private scan(buf: Buffer, pos: number): void {
    const boundary = this.boundary!;
    for (let at = buf.indexOf(boundary, pos); at !== -1; at = buf.indexOf(boundary, pos)) {
      this.hash.update(buf.subarray(pos, at));
      this.hash.update(BOUNDARY_TOKEN);
      pos = at + boundary.length;
    }
    // A delimiter may straddle two chunks: the bytes that could begin one wait for the next chunk.
    const keep = Math.min(buf.length - pos, boundary.length - 1);
    this.hash.update(buf.subarray(pos, buf.length - keep));
    this.tail = Buffer.from(buf.subarray(buf.length - keep));
  }

  digest(): string {
    this.hash.update(this.tail);
    this.tail = Buffer.alloc(0);
    return this.hash.digest('hex');
  }
}

interface RequestState {
  key: string;
  scope: string;
  hash: BodyFingerprint;
  bodyHash?: string;
  bodyDone: Promise<string | undefined>;
  payload: Readable;
  owner: boolean;
}

const STATE = Symbol('idempotency');
type WithState = FastifyRequest & { [STATE]?: RequestState };
export type PreParsingDone = (err?: Error | null, payload?: Readable) => void;

export interface IdempotencyOptions {
  ttlMs?: number;
  now?: () => number;
}

function scopeOf(request: FastifyRequest): string {
  const partnerId = (request as FastifyRequest & { partnerId?: string }).partnerId;
  return partnerId ? `partner:${partnerId}` : 'public';
}

function hasNoBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

export function registerIdempotency(app: FastifyInstance, db: Db, options: IdempotencyOptions = {}): void {
  const ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS;
  const now = options.now ?? Date.now;
  // After a restart nothing is running any more: a claim left behind would block its key forever.
  db.prepare("DELETE FROM idempotency_keys WHERE state = 'in_progress' OR expires_at <= ?").run(now());

  const select = db.prepare('SELECT * FROM idempotency_keys WHERE scope = ? AND key = ?');
  const removeExpired = db.prepare(
    'DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND expires_at <= ?',
  );
  const claim = db.prepare(
    `INSERT OR IGNORE INTO idempotency_keys (scope, key, method, path, body_hash, state, created_at, expires_at)
     VALUES (?, ?, ?, ?, NULL, 'in_progress', ?, ?)`,
  );
  const complete = db.prepare(
    `UPDATE idempotency_keys SET state = 'done', body_hash = ?, status_code = ?, content_type = ?, response_body = ?
     WHERE scope = ? AND key = ? AND state = 'in_progress'`,
  );
  const release = db.prepare(
    "DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND state = 'in_progress'",
  );
  const sweepExpired = db.prepare("DELETE FROM idempotency_keys WHERE state = 'done' AND expires_at <= ?");
  // One commit: an expired answer under this key gives way to the new claim.
  const claimFresh = db.transaction(
    (scope: string, key: string, method: string, path: string, at: number) => {
      removeExpired.run(scope, key, at);
      return claim.run(scope, key, method, path, at, at + ttlMs).changes === 1;
    },
  );
  let lastSweep = now();

  // Runs after the bearer check (an onRequest hook) and before any body is read: the body is
  // hashed as it streams past whoever reads it (the JSON parser, or a multipart upload).
  // Callback style: an early reply simply does not call `done` (an async preParsing hook cannot stop the chain).
  app.addHook(
    'preParsing',
    (request: FastifyRequest, reply: FastifyReply, payload: Readable, done: PreParsingDone) => {
      if (request.method !== 'POST' && request.method !== 'PATCH') return done(null, payload);
      // A token request is not a mutation: replaying it could hand out a token that has expired.
      if (request.url.startsWith('/oauth/')) return done(null, payload);
      const raw = request.headers[IDEMPOTENCY_HEADER];
      if (raw === undefined) return done(null, payload);
      const key = Array.isArray(raw) ? raw[0] : raw;
      if (!key || key.length > MAX_KEY_LENGTH) {
        reply
          .status(400)
          .type('application/json; charset=utf-8')
          .send(errorBody(400, `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`));
        return;
      }
      const contentType = request.headers['content-type'];
      const hash = new BodyFingerprint(
        multipartBoundary(typeof contentType === 'string' ? contentType : undefined),
      );
      const state: RequestState = {
        key,
        scope: scopeOf(request),
        hash,
        payload,
        owner: false,
        bodyDone: Promise.resolve(undefined),
      };
      if (hasNoBody(request)) {
        state.bodyHash = hash.digest();
        state.bodyDone = Promise.resolve(state.bodyHash);
      } else {
        state.bodyDone = new Promise((resolve) => {
          payload.on('data', (chunk: Buffer | string) => hash.update(chunk));
          payload.once('end', () => {
            state.bodyHash = hash.digest();
            resolve(state.bodyHash);
          });
          payload.once('error', () => resolve(undefined));
          payload.once('close', () => resolve(state.bodyHash));
        });
        // Our listener must not start the flow: the body's reader resumes the stream when it is ready.
        payload.pause();
      }
      (request as WithState)[STATE] = state;
      done(null, payload);
    },
  );

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const state = (request as WithState)[STATE];
    if (!state) return;
    // The bearer check has run by now; a key is scoped to the partner it authenticated.
    state.scope = scopeOf(request);
    const at = now();
    // Expired answers are dropped at most once a minute, so the table stays at one day of keys.
    if (at - lastSweep > 60_000) {
      lastSweep = at;
      sweepExpired.run(at);
    }
    if (claimFresh(state.scope, state.key, request.method, request.url, at)) {
      state.owner = true;
      return;
    }
    const row = select.get(state.scope, state.key) as KeyRow | undefined;
    if (!row || row.state === 'in_progress') {
      return reply
        .status(409)
        .type('application/json; charset=utf-8')
        .send(errorBody(409, 'A request with this Idempotency-Key is still being processed; retry later'));
    }
    let same = row.method === request.method && row.path === request.url;
    if (same) {
      // A multipart body has not been read yet: read it here (only to hash it), nothing else runs.
      if (state.bodyHash === undefined) state.payload.resume();
      same = (await state.bodyDone) === row.body_hash;
    }
    if (!same) {
      return reply
        .status(422)
        .type('application/json; charset=utf-8')
        .send(errorBody(422, 'This Idempotency-Key was already used for a different request'));
    }
    reply.status(row.status_code ?? 200).header('Idempotent-Replayed', 'true');
    if (row.content_type) reply.header('content-type', row.content_type);
    return reply.send(row.response_body ?? '');
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const state = (request as WithState)[STATE];
    if (!state?.owner) return payload;
    state.owner = false;
    const body =
      typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined;
    // Without the whole request body the fingerprint is unknown; without a buffered answer there
    // is nothing to replay. Either way the key is released and a retry runs afresh.
    if (!storable(reply.statusCode) || body === undefined || state.bodyHash === undefined) {
      release.run(state.scope, state.key);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    complete.run(
      state.bodyHash,
      reply.statusCode,
      typeof contentType === 'string' ? contentType : null,
      body,
      state.scope,
      state.key,
    );
    return payload;
  });

  // A request that ends without a reply being sent (client gone) must not hold its key.
  app.addHook('onResponse', async (request: FastifyRequest) => {
    const state = (request as WithState)[STATE];
    if (state?.owner) release.run(state.scope, state.key);
  });
}
