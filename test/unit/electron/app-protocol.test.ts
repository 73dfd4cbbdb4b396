import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAppRequestHandler,
  mimeTypeFor,
  resolveAppPath,
} from '../../../electron/security/app-protocol.js';
import { contentSecurityPolicy } from '../../../electron/security/csp.js';

const root = path.resolve('/srv/fica/renderer');

describe('app:// path resolution', () => {
  it('maps the origin root to index.html', () => {
    expect(resolveAppPath(root, 'app://fica-desk/')).toStrictEqual({
      kind: 'file',
      filePath: path.join(root, 'index.html'),
    });
    expect(resolveAppPath(root, 'app://fica-desk')).toStrictEqual({
      kind: 'file',
      filePath: path.join(root, 'index.html'),
    });
  });

  it('maps files below the root, ignoring query and fragment', () => {
    expect(resolveAppPath(root, 'app://fica-desk/assets/index-abc.js?v=1#x')).toStrictEqual({
      kind: 'file',
      filePath: path.join(root, 'assets', 'index-abc.js'),
    });
    expect(resolveAppPath(root, 'app://fica-desk/assets/My%20Font.woff2')).toStrictEqual({
      kind: 'file',
      filePath: path.join(root, 'assets', 'My Font.woff2'),
    });
  });

  it.each([
    ['plain traversal', 'app://fica-desk/../../etc/passwd'],
    ['traversal after a folder', 'app://fica-desk/assets/../../secret'],
    ['encoded dots', 'app://fica-desk/%2e%2e/%2e%2e/etc/passwd'],
    ['mixed-case encoded dots', 'app://fica-desk/%2E%2e/etc/passwd'],
    ['encoded slash', 'app://fica-desk/assets/..%2f..%2fetc%2fpasswd'],
    ['encoded backslash', 'app://fica-desk/assets/..%5c..%5cwindows%5cwin.ini'],
    ['raw backslash', 'app://fica-desk/assets/..\\..\\windows\\win.ini'],
    ['NUL byte', 'app://fica-desk/index.html%00.png'],
    ['drive letter', 'app://fica-desk/C:%5cWindows%5cwin.ini'],
    ['single dot segment', 'app://fica-desk/./index.html'],
    ['hidden file', 'app://fica-desk/.env'],
    ['malformed escape', 'app://fica-desk/%E0%A4%A'],
    ['another host', 'app://other/index.html'],
    ['another scheme', 'file:///srv/fica/renderer/index.html'],
    ['a port', 'app://fica-desk:99/index.html'],
    ['credentials', 'app://u:p@fica-desk/index.html'],
  ])('refuses %s', (_label, url) => {
    expect(resolveAppPath(root, url).kind).toBe('forbidden');
  });

  it('decodes once: double-encoded dots are a literal file name inside the root', () => {
    expect(resolveAppPath(root, 'app://fica-desk/%252e%252e/etc/passwd')).toStrictEqual({
      kind: 'file',
      filePath: path.join(root, '%2e%2e', 'etc', 'passwd'),
    });
  });

  it('gives the right MIME types for what Vite and pdf.js emit', () => {
    expect(mimeTypeFor('index.html')).toBe('text/html; charset=utf-8');
    expect(mimeTypeFor('assets/index.JS')).toBe('text/javascript; charset=utf-8');
    expect(mimeTypeFor('pdf.worker.min.mjs')).toBe('text/javascript; charset=utf-8');
    expect(mimeTypeFor('app.css')).toBe('text/css; charset=utf-8');
    expect(mimeTypeFor('logo.svg')).toBe('image/svg+xml');
    expect(mimeTypeFor('font.woff2')).toBe('font/woff2');
    expect(mimeTypeFor('openjpeg.wasm')).toBe('application/wasm');
    expect(mimeTypeFor('unknown.bin')).toBe('application/octet-stream');
  });
});

describe('app:// handler over a real folder', () => {
  let base: string;
  let rendererDir: string;
  let handler: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'fica-app-protocol-'));
    rendererDir = path.join(base, 'renderer');
    await mkdir(path.join(rendererDir, 'assets'), { recursive: true });
    await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>FICA Desk</title>');
    await writeFile(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(path.join(base, 'secret.txt'), 'client data');
    await symlink(path.join(base, 'secret.txt'), path.join(rendererDir, 'assets', 'link.txt'));
    handler = createAppRequestHandler(rendererDir);
  });

  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('serves index.html with its MIME type and the CSP', async () => {
    const response = await handler(new Request('app://fica-desk/'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('FICA Desk');
  });

  it('serves scripts as JavaScript', async () => {
    const response = await handler(new Request('app://fica-desk/assets/app.js'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers 404 for a missing file and for a folder', async () => {
    expect((await handler(new Request('app://fica-desk/nope.js'))).status).toBe(404);
    expect((await handler(new Request('app://fica-desk/assets'))).status).toBe(404);
  });

  it('refuses a symlink leading out of the folder', async () => {
    const response = await handler(new Request('app://fica-desk/assets/link.txt'));
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('');
  });

  it('refuses encoded traversal to a real file outside the folder', async () => {
    const response = await handler(new Request('app://fica-desk/assets/..%2f..%2fsecret.txt'));
    expect(response.status).toBe(403);
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect(
      (await handler(new Request('app://fica-desk/index.html', { method: 'POST', body: 'x' }))).status,
    ).toBe(405);
    const head = await handler(new Request('app://fica-desk/index.html', { method: 'HEAD' }));
    expect(head.status).toBe(200);
  });
});
