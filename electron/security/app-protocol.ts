// The app:// protocol: serves the built renderer folder and nothing else. Resolution is a plain
// function so traversal attempts are tested without Electron; the handler uses web Request/Response,
// the same types Electron's protocol.handle passes and expects.
//
// fs.promises is looked up at call time: Electron patches those functions to read inside app.asar,
// and a binding captured at import could miss the patch.
import fs from 'node:fs';
import path from 'node:path';
import { APP_HOST, APP_SCHEME } from './app-origin.js';
import { securityHeaders } from './csp.js';

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  // pdf.js's character maps and standard fonts.
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
};

export function mimeTypeFor(filePath: string): string {
  return MIME_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export type AppPathResolution =
  { kind: 'file'; filePath: string } | { kind: 'forbidden'; reason: string } | { kind: 'not-found' };

/**
 * Maps an app:// URL to a file inside `rootDir`, or refuses. Each path segment is decoded on its own
 * and must be a plain name: a decoded '..', '.', separator, NUL or drive colon, or a hidden file, is
 * refused outright instead of being normalised away, and the joined result must still lie inside the
 * root (belt and braces).
 */
export function resolveAppPath(rootDir: string, requestUrl: string): AppPathResolution {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { kind: 'forbidden', reason: 'not a URL' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.hostname !== APP_HOST || url.port !== '') {
    return { kind: 'forbidden', reason: 'not the app origin' };
  }
  if (url.username !== '' || url.password !== '') return { kind: 'forbidden', reason: 'credentials in URL' };

  // The raw request text is checked too: WHATWG URL parsing silently collapses '..' and '%2e%2e'
  // segments, and a request that tries either is hostile even if it would land inside the root.
  const rawPath = rawPathOf(requestUrl);
  const rawSegments = rawPath.split('/').filter((segment) => segment !== '');
  const segments: string[] = [];
  for (const raw of rawSegments) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return { kind: 'forbidden', reason: 'malformed escape' };
    }
    if (decoded === '.' || decoded === '..') return { kind: 'forbidden', reason: 'dot segment' };
    if (/[/\\\0:]/.test(decoded)) return { kind: 'forbidden', reason: 'separator in segment' };
    if (decoded.startsWith('.')) return { kind: 'forbidden', reason: 'hidden file' };
    segments.push(decoded);
  }
  if (segments.length === 0) segments.push('index.html');

  const root = path.resolve(rootDir);
  const filePath = path.resolve(root, ...segments);
  if (!filePath.startsWith(root + path.sep)) return { kind: 'forbidden', reason: 'outside the root' };
  return { kind: 'file', filePath };
}

/** The path part of the request exactly as sent, before URL normalisation. */
function rawPathOf(requestUrl: string): string {
  const afterScheme = requestUrl.replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*/, '');
  const end = afterScheme.search(/[?#]/);
  return end === -1 ? afterScheme : afterScheme.slice(0, end);
}

function refusal(status: 403 | 404 | 405): Response {
  return new Response(null, { status, headers: securityHeaders() });
}

/**
 * The protocol.handle handler. Only GET/HEAD; files only; symlinks are followed and the real path
 * must still be inside the real root, so a link planted in the build folder cannot reach out of it.
 */
export function createAppRequestHandler(rootDir: string): (request: Request) => Promise<Response> {
  const rootReal = fs.promises.realpath(path.resolve(rootDir)).catch(() => null);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refusal(405);
    const resolved = resolveAppPath(rootDir, request.url);
    if (resolved.kind === 'forbidden') return refusal(403);
    if (resolved.kind === 'not-found') return refusal(404);
    const root = await rootReal;
    if (root === null) return refusal(404);
    let real: string;
    try {
      real = await fs.promises.realpath(resolved.filePath);
      if (!real.startsWith(root + path.sep)) return refusal(403);
      if (!(await fs.promises.stat(real)).isFile()) return refusal(404);
    } catch {
      return refusal(404);
    }
    const body = request.method === 'HEAD' ? null : new Uint8Array(await fs.promises.readFile(real));
    return new Response(body, {
      status: 200,
      headers: { ...securityHeaders(), 'Content-Type': mimeTypeFor(real), 'Cache-Control': 'no-cache' },
    });
  };
}
