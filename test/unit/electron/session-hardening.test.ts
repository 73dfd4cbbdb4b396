// configureSession and hardenWebContents import only types from Electron, so they run here against
// recording stand-ins: what is checked is that every guard is installed and answers from the policy.
import type { Session } from 'electron';
import { describe, expect, it } from 'vitest';
import { configureSession } from '../../../electron/main/session.js';
import { hardenWebContents, type HardenableContents } from '../../../electron/main/web-contents.js';
import { contentSecurityPolicy } from '../../../electron/security/csp.js';

type Listener = (...args: never[]) => unknown;

function recordingSession() {
  const installed = new Map<string, Listener>();
  const calls: [string, unknown][] = [];
  const record = (name: string) => (value: unknown) => {
    calls.push([name, value]);
    if (typeof value === 'function') installed.set(name, value as Listener);
  };
  const fake = {
    webRequest: {
      onHeadersReceived: record('onHeadersReceived'),
      onBeforeRequest: record('onBeforeRequest'),
    },
    setPermissionRequestHandler: record('setPermissionRequestHandler'),
    setPermissionCheckHandler: record('setPermissionCheckHandler'),
    setDevicePermissionHandler: record('setDevicePermissionHandler'),
    setSpellCheckerEnabled: record('setSpellCheckerEnabled'),
  };
  configureSession(fake as unknown as Session);
  const get = <T>(name: string) => {
    const listener = installed.get(name);
    if (!listener) throw new Error(`${name} was not installed`);
    return listener as unknown as T;
  };
  return { get, calls };
}

type HeadersListener = (
  details: { responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
) => void;
type RequestListener = (details: { url: string }, callback: (response: { cancel?: boolean }) => void) => void;
type PermissionRequestListener = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string; isMainFrame: boolean; mediaTypes?: string[] },
) => void;
type PermissionCheckListener = (
  contents: unknown,
  permission: string,
  origin: string,
  details: { isMainFrame: boolean; mediaType?: string },
) => boolean;

describe('configureSession', () => {
  it('puts the CSP on every response, over any policy the response brought', () => {
    const onHeaders = recordingSession().get<HeadersListener>('onHeadersReceived');
    let answer: Record<string, string[]> | undefined;
    onHeaders(
      { responseHeaders: { 'content-security-policy': ['default-src *'] } },
      (r) => (answer = r.responseHeaders),
    );
    expect(answer?.['Content-Security-Policy']).toStrictEqual([contentSecurityPolicy()]);
    expect(answer).not.toHaveProperty('content-security-policy');
  });

  it('cancels renderer requests that leave the app', () => {
    const onBefore = recordingSession().get<RequestListener>('onBeforeRequest');
    const cancelled = (url: string) => {
      let cancel: boolean | undefined;
      onBefore({ url }, (r) => (cancel = r.cancel));
      return cancel;
    };
    expect(cancelled('app://fica-desk/index.html')).toBe(false);
    expect(cancelled('https://evil.example/x.js')).toBe(true);
    expect(cancelled('file:///etc/passwd')).toBe(true);
  });

  it('grants only the camera to the app through the request handler', () => {
    const handler = recordingSession().get<PermissionRequestListener>('setPermissionRequestHandler');
    const ask = (permission: string, details: Parameters<PermissionRequestListener>[3]) => {
      let granted: boolean | undefined;
      handler({}, permission, (g) => (granted = g), details);
      return granted;
    };
    const app = { requestingUrl: 'app://fica-desk/index.html', isMainFrame: true };
    expect(ask('media', { ...app, mediaTypes: ['video'] })).toBe(true);
    expect(ask('media', { ...app, mediaTypes: ['audio'] })).toBe(false);
    expect(ask('geolocation', app)).toBe(false);
    expect(ask('notifications', app)).toBe(false);
    expect(
      ask('media', { requestingUrl: 'https://evil.example/', isMainFrame: true, mediaTypes: ['video'] }),
    ).toBe(false);
  });

  it('answers permission checks from the same policy', () => {
    const check = recordingSession().get<PermissionCheckListener>('setPermissionCheckHandler');
    expect(check({}, 'media', 'app://fica-desk', { isMainFrame: true, mediaType: 'video' })).toBe(true);
    expect(check({}, 'media', 'app://fica-desk', { isMainFrame: true, mediaType: 'audio' })).toBe(false);
    expect(check({}, 'clipboard-read', 'app://fica-desk', { isMainFrame: true })).toBe(false);
  });

  it('refuses every device and turns the spellchecker off', () => {
    const { get, calls } = recordingSession();
    expect(get<() => boolean>('setDevicePermissionHandler')()).toBe(false);
    expect(calls).toContainEqual(['setSpellCheckerEnabled', false]);
  });
});

describe('hardenWebContents', () => {
  function recordingContents() {
    const listeners = new Map<string, (event: { url?: string; preventDefault(): void }) => void>();
    let openHandler: ((details: { url: string }) => { action: string }) | undefined;
    const opened: string[] = [];
    const contents = {
      on: (name: string, listener: (event: { url?: string; preventDefault(): void }) => void) => {
        listeners.set(name, listener);
        return contents;
      },
      setWindowOpenHandler: (handler: (details: { url: string }) => { action: string }) => {
        openHandler = handler;
      },
    };
    hardenWebContents(contents as unknown as HardenableContents, async (href) => void opened.push(href));
    const fire = (name: string, url?: string) => {
      const listener = listeners.get(name);
      if (!listener) throw new Error(`${name} has no listener`);
      let prevented = false;
      listener({ url, preventDefault: () => (prevented = true) });
      return prevented;
    };
    const open = (url: string) => {
      if (!openHandler) throw new Error('no window open handler');
      return openHandler({ url }).action;
    };
    return { fire, open, opened };
  }

  it('cancels every navigation and redirect, even to the app itself', () => {
    const { fire } = recordingContents();
    for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      expect(fire(event, 'https://evil.example/')).toBe(true);
      expect(fire(event, 'app://fica-desk/index.html')).toBe(true);
    }
  });

  it('prevents attaching a webview', () => {
    expect(recordingContents().fire('will-attach-webview')).toBe(true);
  });

  it('denies every new window and opens only allow-listed https links outside', () => {
    const { open, opened } = recordingContents();
    expect(open('https://www.fic.gov.za/guidance')).toBe('deny');
    expect(open('http://www.fic.gov.za/')).toBe('deny');
    expect(open('https://www.fic.gov.za.evil.example/')).toBe('deny');
    expect(open('file:///etc/passwd')).toBe('deny');
    expect(opened).toStrictEqual(['https://www.fic.gov.za/guidance']);
  });
});
