// Shared plumbing for the conformance suite: a sandbox per file, tokens, and small HTTP helpers.
// Everything goes over real HTTP with Node's global fetch, FormData and Blob.
import type { SandboxHandle, StartSandboxOptions } from '../../../server/index.js';
import { getToken } from '../../support/get-token.js';
import { controlHeaders, startTestSandbox } from '../../support/sandbox.js';

export { getToken };

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface Reply {
  status: number;
  headers: Headers;
  body: Json;
  text: string;
}

export interface Harness {
  sandbox: SandboxHandle;
  url: string;
  token: string;
  stop(): Promise<void>;
}

export async function startHarness(options: StartSandboxOptions = {}): Promise<Harness> {
  const started = await startTestSandbox(options);
  return {
    sandbox: started.handle!,
    url: started.url,
    token: await getToken(started.url, started.clientId, started.clientSecret),
    stop: () => started.dispose(),
  };
}

function parse(text: string): Json {
  if (text === '') return null;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
}

export async function call(
  url: string,
  method: string,
  path: string,
  options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  // The control API (contract §10) asks for the secret the sandbox printed at start.
  const headers: Record<string, string> = {
    ...(path.startsWith('/sandbox/') ? controlHeaders(url) : {}),
    ...(options.headers ?? {}),
  };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${url}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: parse(text), text };
}

/** An API client bound to one partner's token. */
export function client(url: string, token: string) {
  return {
    get: (path: string, headers?: Record<string, string>) => call(url, 'GET', path, { token, headers }),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      call(url, 'POST', path, { token, body, headers }),
    patch: (path: string, body?: unknown, headers?: Record<string, string>) =>
      call(url, 'PATCH', path, { token, body, headers }),
    del: (path: string) => call(url, 'DELETE', path, { token }),
  };
}
export type Client = ReturnType<typeof client>;

export function obj(value: Json | undefined): JsonObject {
  if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`not an object: ${JSON.stringify(value)}`);
  return value;
}

export function arr(value: Json | undefined): Json[] {
  if (!Array.isArray(value)) throw new Error(`not an array: ${JSON.stringify(value)}`);
  return value;
}

export function str(value: Json | undefined): string {
  if (typeof value !== 'string') throw new Error(`not a string: ${JSON.stringify(value)}`);
  return value;
}

export function num(value: Json | undefined): number {
  if (typeof value !== 'number') throw new Error(`not a number: ${JSON.stringify(value)}`);
  return value;
}

export async function newPartner(
  url: string,
  body: Record<string, unknown> = {},
): Promise<{ partnerId: string; token: string; api: Client; balance: number }> {
  const res = await call(url, 'POST', '/sandbox/v1/partners', {
    body: { name: `Partner ${Math.random()}`, ...body },
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`partner create failed ${res.status} ${res.text}`);
  const p = obj(res.body);
  const token = await getToken(url, str(p.clientId), str(p.clientSecret));
  return { partnerId: str(p.partnerId), token, api: client(url, token), balance: num(p.balance) };
}

// Files whose type the server detects from the first bytes (contract §7).
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)]);
export const TEXT = Buffer.from('This is plain text and not a PDF at all, whatever the name says.\n');

export function form(parts: {
  file?: { bytes: Buffer; name: string; field?: string };
  documents?: string;
  additionalFicaDoc?: string;
}): FormData {
  const fd = new FormData();
  if (parts.documents !== undefined) fd.append('documents', parts.documents);
  if (parts.additionalFicaDoc !== undefined) fd.append('additionalFicaDoc', parts.additionalFicaDoc);
  if (parts.file)
    fd.append(parts.file.field ?? 'file', new Blob([new Uint8Array(parts.file.bytes)]), parts.file.name);
  return fd;
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const SA_ID = '8001015009087';
