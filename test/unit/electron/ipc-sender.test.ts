import { describe, expect, it } from 'vitest';
import { isTrustedSender } from '../../../electron/security/ipc-sender.js';
import { APP_ENTRY_URL } from '../../../electron/security/app-origin.js';

describe('IPC sender check', () => {
  it('trusts the app’s top frame', () => {
    expect(isTrustedSender({ url: APP_ENTRY_URL, isMainFrame: true })).toBe(true);
    expect(isTrustedSender({ url: 'app://fica-desk/index.html#/cases/1', isMainFrame: true })).toBe(true);
  });

  it('refuses a subframe even on the app origin', () => {
    expect(isTrustedSender({ url: APP_ENTRY_URL, isMainFrame: false })).toBe(false);
  });

  it('refuses a destroyed or navigated-away frame', () => {
    expect(isTrustedSender(null)).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
  });

  it.each([
    'file:///opt/FICA Desk/resources/app.asar/dist/renderer/index.html',
    'https://evil.example/',
    'http://localhost:5173/',
    'app://evil/index.html',
    'app://fica-desk.evil.example/index.html',
    'app://fica-desk:1234/index.html',
    'app://x@fica-desk/index.html',
    'about:blank',
    'devtools://devtools/bundled/inspector.html',
    '',
  ])('refuses %s', (url) => {
    expect(isTrustedSender({ url, isMainFrame: true })).toBe(false);
  });
});
