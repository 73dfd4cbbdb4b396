// The headless host: the built renderer behind a one-time sign-in link and a strict CSP, the IPC contract
// over loopback with the token required, events as server-sent events, and a sandbox the tests can
// take away and bring back.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE } from '../../../shared/ipc/bridge.js';
import { decodeWire, encodeWire } from '../../../shared/ipc/wire.js';
import { IpcResultSchema } from '../../../shared/ipc/errors.js';
import { startHost, type Host } from '../../../electron/host/index.js';
import { ensureVaultKey, testSecrets, waitFor } from '../../support/core-harness.js';
import { signInThrough } from '../../support/staff-sign-in.js';
import { decodeFrame, encodeFrame, FRAME_CONTENT_TYPE } from '../../../shared/ipc/wire-frame.js';
import { makePdf } from '../../support/documents.js';
import { saId } from '../../support/flows.js';

describe('headless host', () => {
  let host: Host;
  let rendererDir: string;

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fica-host-'));
    rendererDir = join(dir, 'renderer');
    await mkdir(join(rendererDir, 'assets'), { recursive: true });
    await writeFile(
      join(rendererDir, 'index.html'),
      '<!doctype html><html><head><title>FICA Desk</title></head><body></body></html>',
    );
    await writeFile(join(rendererDir, 'app.js'), 'console.log("app")');
    const secretStore = testSecrets();
    await ensureVaultKey(secretStore);
    host = await startHost({
      dataDir: join(dir, 'data'),
      port: 0,
      rendererDir,
      secretStore,
      queue: { probeIntervalMs: 100 },
    });
  });

  afterAll(async () => {
    await host?.stop();
  });

  /** Follows nothing: the answer to the link itself, and the cookie a browser would keep. */
  const openWithLink = async (link: string) => {
    const res = await fetch(link, { redirect: 'manual' });
    const setCookie = res.headers.get('set-cookie');
    return {
      status: res.status,
      location: res.headers.get('location'),
      setCookie,
      cookie: setCookie ? setCookie.split(';')[0]! : '',
    };
  };

  const invoke = async (channel: string, input: unknown, token: string | null = host.token) => {
    const res = await fetch(new URL(BRIDGE.invokePath(channel), host.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { [BRIDGE.tokenHeader]: token } : {}) },
      body: encodeWire(input),
    });
    return {
      status: res.status,
      body: res.status === 200 ? IpcResultSchema.parse(decodeWire(await res.text())) : null,
    };
  };

  it('serves the app with a CSP without unsafe-eval and keeps files inside the renderer folder', async () => {
    const signedIn = await openWithLink(host.openUrl());
    const res = await fetch(host.url, { headers: { cookie: signedIn.cookie } });
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect((await fetch(new URL('app.js', host.url))).status).toBe(200);
    expect((await fetch(new URL('/%2F..%2F..%2F..%2Fetc%2Fpasswd', host.url))).status).toBe(403);
  });

  it('keeps serving a built chunk a page has loaded while a rebuild replaces the build', async () => {
    const chunk = join(rendererDir, 'assets', 'CasesScreen-a1b2c3.js');
    await writeFile(chunk, 'export const screen = "cases";');
    const first = await fetch(new URL('assets/CasesScreen-a1b2c3.js', host.url));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('javascript');
    expect(await first.text()).toBe('export const screen = "cases";');
    // `vite build` empties the folder: the open page's later imports of that chunk still load.
    await rm(chunk);
    const again = await fetch(new URL('assets/CasesScreen-a1b2c3.js', host.url));
    expect(again.status).toBe(200);
    expect(await again.text()).toBe('export const screen = "cases";');
    expect((await fetch(new URL('assets/NeverBuilt-d4e5f6.js', host.url))).status).toBe(404);
  });

  it('lets the browser keep a built chunk for good, and checks the app page and other files each time', async () => {
    await writeFile(join(rendererDir, 'assets', 'DeskScreen-f7e8d9.js'), 'export const screen = "desk";');
    const chunk = await fetch(new URL('assets/DeskScreen-f7e8d9.js', host.url));
    expect(chunk.headers.get('cache-control')).toBe('max-age=31536000, immutable');
    expect((await fetch(new URL('app.js', host.url))).headers.get('cache-control')).toBe('no-cache');
    const signedIn = await openWithLink(host.openUrl());
    const page = await fetch(host.url, { headers: { cookie: signedIn.cookie } });
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('a plain GET / (any local program) gets neither the app nor the token', async () => {
    const res = await fetch(host.url);
    const html = await res.text();
    expect(res.status).toBe(401);
    expect(html).not.toContain(host.token);
    expect(html).toContain('one-time link');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('the one-time link sets an HttpOnly, SameSite=Strict cookie that opens the app and the IPC', async () => {
    const signedIn = await openWithLink(host.openUrl());
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe('/');
    expect(signedIn.setCookie).toMatch(/HttpOnly/);
    expect(signedIn.setCookie).toMatch(/SameSite=Strict/);
    const page = await fetch(host.url, { headers: { cookie: signedIn.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(host.token);
    const res = await fetch(new URL(BRIDGE.invokePath('app.info'), host.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', cookie: signedIn.cookie },
      body: encodeWire({}),
    });
    expect(res.status).toBe(200);
  });

  it('refuses the one-time link the second time', async () => {
    const link = host.openUrl();
    expect((await openWithLink(link)).status).toBe(303);
    const again = await openWithLink(link);
    expect(again.status).toBe(403);
    expect(again.setCookie).toBeNull();
  });

  it('refuses IPC without the token, answers with it', async () => {
    expect((await invoke('status.get', {}, null)).status).toBe(403);
    expect((await invoke('status.get', {}, 'wrong')).status).toBe(403);
    const ok = await invoke('app.info', {});
    expect(ok.body).toMatchObject({ ok: true, value: { shell: 'web' } });
    // Nobody is signed in: a capture is refused before its input is looked at; the lock screen's
    // own channels still say which field is wrong.
    const refused = await invoke('entity.create', { entityRegName: '' });
    expect(refused.body).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
    const bad = await invoke('staff.unlock', { userId: 5 });
    expect(bad.body).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const unknown = await invoke('nope.nothing', {});
    expect(unknown.body).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
  });

  /** What the renderer does: the input as a binary frame, the answer asked for as one. */
  const invokeFramed = async (channel: string, input: unknown, token: string | null = host.token) => {
    const res = await fetch(new URL(BRIDGE.invokePath(channel), host.url), {
      method: 'POST',
      headers: {
        'Content-Type': FRAME_CONTENT_TYPE,
        Accept: FRAME_CONTENT_TYPE,
        ...(token ? { [BRIDGE.tokenHeader]: token } : {}),
      },
      body: new Blob(encodeFrame(input) as Uint8Array<ArrayBuffer>[]),
    });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      body:
        res.status === 200 && res.headers.get('content-type') === FRAME_CONTENT_TYPE
          ? IpcResultSchema.parse(decodeFrame(new Uint8Array(await res.arrayBuffer())))
          : null,
    };
  };

  it('carries picked files and page previews as binary frames, with the same token rule', async () => {
    expect((await invokeFramed('status.get', {}, null)).status).toBe(403);
    const sandbox = host.sandbox!;
    await signInThrough(
      async (channel, input) => {
        const { body } = await invokeFramed(channel, input);
        if (!body?.ok) throw new Error(`${channel} was refused`);
        return body.value;
      },
      {
        url: sandbox.url,
        clientId: sandbox.demoPartner.clientId,
        clientSecret: sandbox.demoPartner.clientSecret,
        controlSecret: sandbox.controlSecret,
      },
      'capturer',
    );
    const created = await invokeFramed('individual.create', {
      firstName: 'Frida',
      lastName: 'Frame',
      clientSACitizen: true,
      idNumber: saId(),
    });
    const { caseId } = (created.body as { value: { caseId: string } }).value;
    const draft = (await invokeFramed('documents.startDraft', { caseId, owner: { kind: 'individual' } }))
      .body as { value: { id: string } };
    const pdf = await makePdf('framed', 2);
    // The page is prepared after the answer; the screen hears of it as draft.changed.
    const controller = new AbortController();
    const events = await fetch(new URL(`${BRIDGE.eventsPath}?${BRIDGE.tokenQuery}=${host.token}`, host.url), {
      signal: controller.signal,
    });
    const added = await invokeFramed('documents.addPages', {
      draftId: draft.value.id,
      files: [{ name: 'framed.pdf', bytes: pdf }],
    });
    expect(added.type).toBe(FRAME_CONTENT_TYPE);
    type Pages = Array<{ id: string; state: string }>;
    const answered = (added.body as { value: { draft: { pages: Pages } } }).value.draft.pages;
    expect(answered.map((p) => p.state)).toEqual(['processing']);
    const reader = events.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let pages: Pages = [];
    while (pages.length === 0) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
      for (const [, data] of text.matchAll(/event: draft\.changed\ndata: (.*)\n/g)) {
        const changed = decodeWire(data!) as { id: string; pages: Pages };
        if (changed.id === draft.value.id && changed.pages.every((p) => p.state === 'ready'))
          pages = changed.pages;
      }
    }
    controller.abort();
    expect(pages).toHaveLength(2);
    const preview = await invokeFramed('documents.pagePreview', {
      draftId: draft.value.id,
      pageId: pages[1]!.id,
    });
    const value = (preview.body as { value: { mimeType: string; bytes: Uint8Array; pdfPage: number } }).value;
    expect(value).toMatchObject({ mimeType: 'image/jpeg', pdfPage: 2 });
    expect([...value.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('refuses a damaged frame as invalid input', async () => {
    const res = await fetch(new URL(BRIDGE.invokePath('status.get'), host.url), {
      method: 'POST',
      headers: { 'Content-Type': FRAME_CONTENT_TYPE, [BRIDGE.tokenHeader]: host.token },
      body: new Uint8Array([0, 0, 0, 99, 123]),
    });
    expect(res.status).toBe(400);
    expect(decodeWire(await res.text())).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('starts a new event stream with the current status, so a page that connects late is not stale', async () => {
    const controller = new AbortController();
    const res = await fetch(new URL(`${BRIDGE.eventsPath}?${BRIDGE.tokenQuery}=${host.token}`, host.url), {
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: status.changed')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    controller.abort();
    const data = /event: status\.changed\ndata: (.*)\n/.exec(text)?.[1];
    expect(data).toBeDefined();
    expect(decodeWire(data!)).toMatchObject({ profile: { kind: 'sandbox' } });
  });

  it('streams events and follows the sandbox going away and coming back', async () => {
    const events: string[] = [];
    const controller = new AbortController();
    const res = await fetch(new URL(`${BRIDGE.eventsPath}?${BRIDGE.tokenQuery}=${host.token}`, host.url), {
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    void (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) break;
        events.push(decoder.decode(value));
      }
    })();
    const status = async () =>
      ((await invoke('status.get', {})).body as { ok: true; value: { connectivity: string } }).value;
    await waitFor('online', status, (s) => s.connectivity === 'online');
    await host.sandboxControl.stop();
    await invoke('queue.sendNow', {});
    await waitFor('offline', status, (s) => s.connectivity === 'offline');
    await host.sandboxControl.start();
    await waitFor('online again', status, (s) => s.connectivity === 'online');
    await waitFor(
      'status events',
      () => events.join(''),
      (text) => text.includes('event: status.changed'),
    );
    controller.abort();
    expect((await fetch(new URL(`${BRIDGE.eventsPath}?${BRIDGE.tokenQuery}=nope`, host.url))).status).toBe(
      403,
    );
  });
});
