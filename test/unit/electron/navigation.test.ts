import { describe, expect, it } from 'vitest';
import {
  decideWindowOpen,
  isNavigationAllowed,
  isRendererRequestAllowed,
} from '../../../electron/security/navigation.js';
import { allowedExternalUrl, EXTERNAL_LINK_HOSTS } from '../../../electron/security/external-links.js';

describe('navigation', () => {
  it.each([
    'app://fica-desk/index.html',
    'app://fica-desk/other.html',
    'https://www.fic.gov.za/',
    'http://localhost:5173/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'about:blank',
  ])('refuses to navigate to %s', (url) => {
    expect(isNavigationAllowed(url)).toBe(false);
  });
});

describe('new windows', () => {
  it('never opens a window, and hands allow-listed https links to the system browser', () => {
    expect(decideWindowOpen('https://www.fic.gov.za/guidance')).toStrictEqual({
      action: 'deny',
      openExternally: 'https://www.fic.gov.za/guidance',
    });
  });

  it('drops anything else without opening it', () => {
    expect(decideWindowOpen('https://evil.example/')).toStrictEqual({ action: 'deny', openExternally: null });
    expect(decideWindowOpen('app://fica-desk/index.html')).toStrictEqual({
      action: 'deny',
      openExternally: null,
    });
  });
});

describe('external link allow-list', () => {
  it('is https hosts only, without wildcards', () => {
    for (const host of EXTERNAL_LINK_HOSTS) expect(host).toMatch(/^[a-z0-9.-]+\.[a-z]{2,}$/);
  });

  it.each(EXTERNAL_LINK_HOSTS)('opens https://%s/ links', (host) => {
    expect(allowedExternalUrl(`https://${host}/some/page?q=1#x`)).toBe(`https://${host}/some/page?q=1#x`);
  });

  it('returns the normalised URL, so what was checked is what opens', () => {
    expect(allowedExternalUrl('HTTPS://WWW.FIC.GOV.ZA/a/../b')).toBe('https://www.fic.gov.za/b');
  });

  it.each([
    ['plain http', 'http://www.fic.gov.za/'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: naming a host', 'javascript://www.fic.gov.za/%0aalert(1)'],
    ['file:', 'file:///C:/Windows/System32/calc.exe'],
    ['file: UNC', 'file://www.fic.gov.za/share/x.exe'],
    ['smb:', 'smb://www.fic.gov.za/share'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['ms-settings:', 'ms-settings:'],
    ['lookalike suffix', 'https://www.fic.gov.za.evil.example/'],
    ['lookalike prefix', 'https://evilwww.fic.gov.za/'],
    ['unlisted subdomain', 'https://login.fic.gov.za/'],
    ['trailing dot', 'https://www.fic.gov.za./'],
    ['homoglyph host', 'https://www.fіc.gov.za/'],
    ['credentials disguise', 'https://www.fic.gov.za@evil.example/'],
    ['credentials on the real host', 'https://user:pw@www.fic.gov.za/'],
    ['explicit port', 'https://www.fic.gov.za:8443/'],
    ['relative URL', '/index.html'],
    ['empty', ''],
  ])('refuses %s', (_label, url) => {
    expect(allowedExternalUrl(url)).toBeNull();
  });
});

describe('renderer requests', () => {
  it.each([
    'app://fica-desk/index.html',
    'app://fica-desk/assets/pdf.worker.mjs',
    'blob:app://fica-desk/1234',
    'data:image/png;base64,AAAA',
  ])('lets the page load %s', (url) => {
    expect(isRendererRequestAllowed(url)).toBe(true);
  });

  it.each([
    'https://www.fic.gov.za/',
    'http://127.0.0.1:4010/api',
    'ws://localhost:1/',
    'file:///etc/passwd',
    'app://other/x',
    'ftp://x/',
  ])('cancels %s: the renderer has no network of its own', (url) => {
    expect(isRendererRequestAllowed(url)).toBe(false);
  });
});
