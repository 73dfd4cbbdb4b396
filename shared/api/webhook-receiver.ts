// Receiver-side helpers for the service's webhooks (contract §8): verify a delivery the Standard
// Webhooks way and remember event ids so that at-least-once delivery is processed once.
// Runtime-neutral on purpose (Node 20+, browsers, Deno, workers): only WebCrypto and TextEncoder,
// declared locally because shared/ compiles without DOM or Node types.

/** The subset of WebCrypto's SubtleCrypto these helpers need. */
interface HmacSubtle {
  importKey(
    format: 'raw',
    keyData: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: boolean,
    keyUsages: readonly 'sign'[],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}

interface RuntimeGlobals {
  crypto?: { subtle?: HmacSubtle };
  TextEncoder?: new () => { encode(input: string): Uint8Array };
  TextDecoder?: new () => { decode(input: Uint8Array): string };
}

const runtime = globalThis as unknown as RuntimeGlobals;

export const SECRET_PREFIX = 'whsec_';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type WebhookVerificationErrorCode =
  | 'missing_headers'
  | 'invalid_secret'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'invalid_signature'
  | 'invalid_payload'
  | 'crypto_unavailable';

export class WebhookVerificationError extends Error {
  readonly code: WebhookVerificationErrorCode;
  constructor(code: WebhookVerificationErrorCode, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.code = code;
  }
}

/** The envelope fields every event carries (webhooks.md); `data` is left to the caller's schema. */
export interface VerifiedWebhookEvent {
  schemaVersion: number;
  eventId: string;
  eventType: string;
  occurredAt: string;
  [field: string]: unknown;
}

export type WebhookVerificationResult =
  | { ok: true; event: VerifiedWebhookEvent; eventId: string; timestamp: number }
  | { ok: false; error: WebhookVerificationError };

/** Plain header records (Node's IncomingHttpHeaders) or anything with a Fetch-style `get`. */
export type HeaderSource =
  Readonly<Record<string, string | readonly string[] | undefined>> | { get(name: string): string | null };

export interface VerifyWebhookInput {
  /** `whsec_…` as shown once when the subscription was created; several during a rotation. */
  secret: string | readonly string[];
  headers: HeaderSource;
  /** The body exactly as received: re-serialised JSON would not match the signature. */
  rawBody: string | Uint8Array;
  /** Current time in milliseconds (for tests); defaults to Date.now(). */
  now?: number;
  toleranceSeconds?: number;
}

function headerValue(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  for (const key of Object.keys(record)) {
    if (key.toLowerCase() !== name) continue;
    const value = record[key];
    return typeof value === 'string' ? value : value?.[0];
  }
  return undefined;
}

/** The Standard Webhooks names first, then the service's own copies of the same values. */
function pick(headers: HeaderSource, standard: string, service: string): string | undefined {
  return headerValue(headers, standard) ?? headerValue(headers, service);
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function base64Encode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? B64[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? B64[n & 63]! : '=';
  }
  return out;
}

/** Strict standard base64 (padding optional); undefined for anything else. */
export function base64Decode(text: string): Uint8Array | undefined {
  const clean = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(clean) || clean.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const ch of clean) {
    value = (value << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

function utf8(text: string): Uint8Array {
  const Encoder = runtime.TextEncoder;
  if (!Encoder) throw new WebhookVerificationError('crypto_unavailable', 'TextEncoder is not available');
  return new Encoder().encode(text);
}

function utf8Decode(bytes: Uint8Array): string {
  const Decoder = runtime.TextDecoder;
  if (!Decoder) throw new WebhookVerificationError('crypto_unavailable', 'TextDecoder is not available');
  return new Decoder().decode(bytes);
}

export function secretKeyBytes(secret: string): Uint8Array | undefined {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = base64Decode(encoded);
  return key && key.length > 0 ? key : undefined;
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, the value of one signature. */
export async function computeSignature(
  secret: string,
  eventId: string,
  timestamp: number,
  rawBody: string | Uint8Array,
): Promise<string> {
  const subtle = runtime.crypto?.subtle;
  if (!subtle) throw new WebhookVerificationError('crypto_unavailable', 'WebCrypto is not available');
  const key = secretKeyBytes(secret);
  if (!key)
    throw new WebhookVerificationError('invalid_secret', 'The secret is not whsec_ followed by base64');
  const body = typeof rawBody === 'string' ? utf8(rawBody) : rawBody;
  const prefix = utf8(`${eventId}.${timestamp}.`);
  const content = new Uint8Array(prefix.length + body.length);
  content.set(prefix, 0);
  content.set(body, prefix.length);
  const cryptoKey = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await subtle.sign('HMAC', cryptoKey, content));
  return `v1,${base64Encode(mac)}`;
}

/** Compares every byte whatever the first difference, so timing does not leak the signature. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = utf8(a);
  const y = utf8(b);
  let diff = x.length ^ y.length;
  const length = Math.max(x.length, y.length);
  for (let i = 0; i < length; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

function fail(code: WebhookVerificationErrorCode, message: string): WebhookVerificationResult {
  return { ok: false, error: new WebhookVerificationError(code, message) };
}

/**
 * Checks headers, timestamp tolerance and signature, then parses the body. Never throws for a bad
 * delivery: the result says why it was refused, so a receiver can answer 400 or 401 itself.
 */
export async function verifyWebhook(input: VerifyWebhookInput): Promise<WebhookVerificationResult> {
  const { headers, rawBody } = input;
  const eventId = pick(headers, 'webhook-id', 'x-service-event-id');
  const timestampText = pick(headers, 'webhook-timestamp', 'x-service-timestamp');
  const signatureList = pick(headers, 'webhook-signature', 'x-service-signature');
  if (!eventId || !timestampText || !signatureList) {
    return fail('missing_headers', 'Missing webhook-id, webhook-timestamp or webhook-signature header');
  }
  if (!/^\d+$/.test(timestampText.trim()))
    return fail('invalid_timestamp', 'The timestamp is not unix seconds');
  const timestamp = Number(timestampText.trim());
  const nowSeconds = Math.floor((input.now ?? Date.now()) / 1000);
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (nowSeconds - timestamp > tolerance)
    return fail('timestamp_too_old', 'The message timestamp is too old');
  if (timestamp - nowSeconds > tolerance)
    return fail('timestamp_too_new', 'The message timestamp is too new');

  const secrets = typeof input.secret === 'string' ? [input.secret] : input.secret;
  let matched = false;
  try {
    for (const secret of secrets) {
      const expected = await computeSignature(secret, eventId, timestamp, rawBody);
      // Check every listed signature: the sender lists several while it rotates its secret.
      for (const candidate of signatureList.split(' ')) {
        if (candidate && constantTimeEqual(candidate, expected)) matched = true;
      }
    }
  } catch (error) {
    if (error instanceof WebhookVerificationError) return { ok: false, error };
    throw error;
  }
  if (!matched) return fail('invalid_signature', 'No matching signature found');

  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof rawBody === 'string' ? rawBody : utf8Decode(rawBody));
  } catch {
    return fail('invalid_payload', 'The body is not JSON');
  }
  if (!isEnvelope(parsed)) return fail('invalid_payload', 'The body is not a webhook event envelope');
  // A signed body whose id differs from the signed header id would defeat deduplication.
  if (parsed.eventId !== eventId)
    return fail('invalid_payload', 'The body eventId differs from the webhook-id header');
  return { ok: true, event: parsed, eventId, timestamp };
}

function isEnvelope(value: unknown): value is VerifiedWebhookEvent {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.schemaVersion === 'number' &&
    typeof v.eventId === 'string' &&
    typeof v.eventType === 'string' &&
    typeof v.occurredAt === 'string'
  );
}

/** Where seen event ids live: memory by default, or a receiver's own table or cache. */
export interface SeenEventStore {
  has(eventId: string): boolean | Promise<boolean>;
  add(eventId: string): void | Promise<void>;
}

/** Keeps the most recent `capacity` ids; older ones are forgotten first. */
export function createMemorySeenEventStore(capacity = 10_000): SeenEventStore {
  const seen = new Set<string>();
  return {
    has: (eventId) => seen.has(eventId),
    add: (eventId) => {
      seen.add(eventId);
      if (seen.size > capacity) {
        const oldest = seen.values().next().value;
        if (oldest !== undefined) seen.delete(oldest);
      }
    },
  };
}

export interface EventDeduplicator {
  /** True when this id was seen before; the first sighting records it and answers false. */
  isDuplicate(eventId: string): Promise<boolean>;
}

export function createEventDeduplicator(
  store: SeenEventStore = createMemorySeenEventStore(),
): EventDeduplicator {
  // Two deliveries of one event may arrive together; the pending map makes the second one wait.
  const pending = new Map<string, Promise<boolean>>();
  return {
    isDuplicate(eventId) {
      const inFlight = pending.get(eventId);
      if (inFlight) return inFlight.then(() => true);
      const check = (async () => {
        if (await store.has(eventId)) return true;
        await store.add(eventId);
        return false;
      })();
      pending.set(eventId, check);
      return check.finally(() => pending.delete(eventId));
    },
  };
}
