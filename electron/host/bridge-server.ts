// The headless host's HTTP server on loopback: the built renderer as static files (strict CSP) and
// the IPC contract over POST + server-sent events. The per-run token never appears in a page: the
// browser the person opens gets it as an HttpOnly, SameSite=Strict cookie from a one-time link the
// host prints, so neither another local program (a plain GET /) nor script in the page can read it.
// Anything without the token is refused with 403, and so is a foreign Host or Origin (DNS
// rebinding), because another local web page must not drive the core.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { BRIDGE } from '../../shared/ipc/bridge.js';
import { EVENT_NAMES } from '../../shared/ipc/contract.js';
import { decodeWire, encodeWire } from '../../shared/ipc/wire.js';
import { decodeFrame, encodeFrame, FRAME_CONTENT_TYPE, frameLength } from '../../shared/ipc/wire-frame.js';
import type { Core } from '../core/index.js';
import { securityHeaders } from '../security/csp.js';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

/** Several 40 MB files in one request; bigger bodies are refused. */
const MAX_BODY_BYTES = 300 * 1024 * 1024;

/** The bridge's HTTP server and the one-time links that let a browser in. */
export interface BridgeServer {
  server: Server;
  /** A fresh one-time path (`/open?key=…`): the first GET sets the session cookie, any later one is refused. */
  issueOpenPath(): string;
}

export interface BridgeServerOptions {
  core: Core;
  rendererDir: string;
  token: string;
  port: number;
}

function sameToken(given: string | undefined | null, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The whole body; with a Content-Length it is read into one buffer of that size, never held twice. */
async function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isSafeInteger(declared) && declared >= 0) {
    if (declared > MAX_BODY_BYTES) throw new Error('too large');
    const body = Buffer.allocUnsafe(declared);
    let filled = 0;
    for await (const chunk of req) {
      const bytes = chunk as Buffer;
      if (filled + bytes.length > declared) throw new Error('longer than declared');
      bytes.copy(body, filled);
      filled += bytes.length;
    }
    if (filled !== declared) throw new Error('shorter than declared');
    return body;
  }
  const parts: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).length;
    if (total > MAX_BODY_BYTES) throw new Error('too large');
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

/** Binary frames for clients that send or accept them (the renderer); JSON with base64 otherwise. */
function decodeRequest(req: IncomingMessage, body: Buffer): unknown {
  if (body.length === 0) return {};
  if ((req.headers['content-type'] ?? '').startsWith(FRAME_CONTENT_TYPE)) return decodeFrame(body);
  return decodeWire(body.toString('utf8'));
}

function sendResult(req: IncomingMessage, res: ServerResponse, result: unknown): void {
  if (!(req.headers.accept ?? '').includes(FRAME_CONTENT_TYPE)) {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(encodeWire(result));
    return;
  }
  const chunks = encodeFrame(result);
  res.writeHead(200, {
    'Content-Type': FRAME_CONTENT_TYPE,
    'Content-Length': String(frameLength(chunks)),
    'Cache-Control': 'no-store',
  });
  for (const chunk of chunks) res.write(chunk);
  res.end();
}

/** Cookie names ignore the port, so each host's cookie carries its own port in the name. */
export function sessionCookieName(port: number): string {
  return `${BRIDGE.sessionCookie}-${port}`;
}

function cookieValue(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function createBridgeServer(opts: BridgeServerOptions): BridgeServer {
  const root = resolve(opts.rendererDir);
  const assetsDir = join(root, 'assets') + sep;
  const assetCache = new Map<string, Promise<Buffer>>();
  const openKeys = new Set<string>();
  const clients = new Set<ServerResponse>();
  const unsubscribe = EVENT_NAMES.map((name) =>
    opts.core.on(name, (payload) => {
      const frame = `event: ${name}\ndata: ${encodeWire(payload)}\n\n`;
      for (const res of clients) res.write(frame);
    }),
  );
  const heartbeat = setInterval(() => {
    for (const res of clients) res.write(': keep-alive\n\n');
  }, 15_000);
  heartbeat.unref();

  const server = createServer((req, res) => {
    void route(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal error');
    });
  });

  const portOf = () => (server.address() as { port: number } | null)?.port ?? opts.port;
  const allowedHosts = () => {
    const port = portOf();
    return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  };
  const hasSessionCookie = (req: IncomingMessage) =>
    sameToken(cookieValue(req, sessionCookieName(portOf())), opts.token);

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const hosts = allowedHosts();
    if (!req.headers.host || !hosts.has(req.headers.host)) return deny(res);
    const origin = req.headers.origin;
    if (origin && !hosts.has(origin.replace(/^http:\/\//, ''))) return deny(res);
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);

    if (url.pathname === BRIDGE.openPath) {
      const key = url.searchParams.get(BRIDGE.openKeyQuery);
      if (req.method !== 'GET' || !key || !openKeys.delete(key)) {
        res.writeHead(403, {
          ...securityHeaders(),
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-store',
        });
        res.end(linkPage('This link has already been used or is not valid.'));
        return;
      }
      res.writeHead(303, {
        Location: '/',
        'Cache-Control': 'no-store',
        'Set-Cookie': `${sessionCookieName(portOf())}=${opts.token}; HttpOnly; SameSite=Strict; Path=/`,
      });
      res.end();
      return;
    }
    if (url.pathname === BRIDGE.eventsPath) {
      const authorised =
        sameToken(url.searchParams.get(BRIDGE.tokenQuery), opts.token) || hasSessionCookie(req);
      if (req.method !== 'GET' || !authorised) return deny(res);
      res.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
      // Events sent before this stream opened are gone: start the page from the current status.
      const status = await opts.core.handle('status.get', {});
      if (status.ok && !res.writableEnded) {
        res.write(`event: status.changed\ndata: ${encodeWire(status.value)}\n\n`);
      }
      return;
    }
    if (url.pathname.startsWith('/ipc/')) {
      const header = req.headers[BRIDGE.tokenHeader];
      const authorised =
        sameToken(Array.isArray(header) ? header[0] : header, opts.token) || hasSessionCookie(req);
      if (req.method !== 'POST' || !authorised) return deny(res);
      const channel = decodePathPart(url.pathname.slice('/ipc/'.length));
      if (channel === null) {
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(
          encodeWire({
            ok: false,
            error: { code: 'unknown-channel', message: 'The channel name is not valid percent-encoding.' },
          }),
        );
        return;
      }
      let input: unknown;
      try {
        input = decodeRequest(req, await readBody(req));
      } catch {
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(
          encodeWire({
            ok: false,
            error: { code: 'invalid-input', message: 'The request body is not valid.' },
          }),
        );
        return;
      }
      sendResult(req, res, await opts.core.handle(channel, input));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405);
      res.end();
      return;
    }
    await serveStatic(url.pathname, req, res);
  }

  async function serveStatic(pathname: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const decoded = decodePathPart(pathname);
    if (decoded === null) return malformedPath(res);
    let relative = decoded;
    if (relative.endsWith('/')) relative += 'index.html';
    const file = normalize(join(root, relative));
    if (file !== root && !file.startsWith(root + sep)) return deny(res);
    let target = file;
    // A built asset read before needs no look at the disk (assetBytes).
    const isFile = assetCache.has(file) || (await stat(target).catch(() => null))?.isFile() === true;
    // A client-side route (no file extension): the app's shell answers.
    if (!isFile) {
      if (extname(relative) !== '') {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('Not found');
        return;
      }
      target = join(root, 'index.html');
    }
    const headers: Record<string, string> = {
      ...securityHeaders(),
      'Content-Type': MIME[extname(target)] ?? 'application/octet-stream',
    };
    if (target.endsWith('index.html')) {
      if (!hasSessionCookie(req)) {
        res.writeHead(401, { ...headers, 'Cache-Control': 'no-store' });
        res.end(linkPage('Open the one-time link printed where FICA Desk was started (npm run start:web).'));
        return;
      }
      const html = await readFile(target, 'utf8').catch(() => null);
      if (html === null) {
        res.writeHead(503, { 'Content-Type': 'text/plain' });
        res.end('The renderer is not built. Run npm run build:renderer.');
        return;
      }
      res.writeHead(200, { ...headers, 'Cache-Control': 'no-store' });
      res.end(html);
      return;
    }
    // A built asset's name carries its content's hash, so the browser may keep it (and the code it
    // compiled from it) for good; anything else is checked each time.
    const cache = target.startsWith(assetsDir) ? 'max-age=31536000, immutable' : 'no-cache';
    res.writeHead(200, { ...headers, 'Cache-Control': cache });
    res.end(await assetBytes(target));
  }

  /**
   * A built file's bytes. The build names each asset after its content (`assets/name-hash.js`), so
   * the bytes under one name never change while the host runs: they are read from disk once. Other
   * files (a rebuilt page's icons, say) are read each time.
   */
  async function assetBytes(file: string): Promise<Buffer> {
    if (!file.startsWith(assetsDir)) return readFile(file);
    let bytes = assetCache.get(file);
    if (!bytes) assetCache.set(file, (bytes = readFile(file)));
    try {
      return await bytes;
    } catch (error) {
      assetCache.delete(file);
      throw error;
    }
  }

  server.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe.forEach((off) => off());
    for (const res of clients) res.end();
    clients.clear();
  });
  // Event streams never end on their own: close them so server.close() can finish.
  const close = server.close.bind(server);
  server.close = ((cb?: (err?: Error) => void) => {
    for (const res of clients) res.end();
    clients.clear();
    server.closeAllConnections?.();
    return close(cb);
  }) as typeof server.close;
  return {
    server,
    issueOpenPath() {
      const key = randomBytes(24).toString('base64url');
      openKeys.add(key);
      return `${BRIDGE.openPath}?${BRIDGE.openKeyQuery}=${key}`;
    },
  };
}

/** A page with one sentence and no script: what a browser sees without the session cookie. */
function linkPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>FICA Desk</title></head><body><h1>FICA Desk</h1><p>${message}</p></body></html>`;
}

function deny(res: ServerResponse): void {
  res.writeHead(403, { 'Content-Type': 'text/plain' });
  res.end('Forbidden');
}

/** decodeURIComponent without the throw: a malformed escape (`/%`, `%E0%A4%A`) gives null. */
function decodePathPart(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

function malformedPath(res: ServerResponse): void {
  res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(
    JSON.stringify({
      statusCode: 400,
      message: 'The address has malformed percent-encoding',
      error: 'Bad Request',
    }),
  );
}
