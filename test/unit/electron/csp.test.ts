import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  securityHeaders,
  withSecurityHeaders,
} from '../../../electron/security/csp.js';

/** Parses a policy string into directive → sources, failing on a repeated directive. */
function parse(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, ...sources] = part.split(/\s+/);
    if (name === undefined) continue;
    expect(map.has(name), `directive ${name} repeated`).toBe(false);
    map.set(name, sources);
  }
  return map;
}

const policy = parse(contentSecurityPolicy());
const sources = (name: string) => policy.get(name) ?? [];

describe('content security policy', () => {
  it('starts from nothing', () => {
    expect(sources('default-src')).toStrictEqual(["'none'"]);
  });

  it('runs only the bundled scripts: no eval, no inline, no wasm eval, no remote', () => {
    expect(sources('script-src')).toStrictEqual(["'self'"]);
    expect(contentSecurityPolicy()).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy()).not.toContain('wasm-unsafe-eval');
    expect(sources('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.has('script-src-elem')).toBe(false);
    expect(policy.has('script-src-attr')).toBe(false);
  });

  it('locks plugins, base URL, forms and framing', () => {
    expect(sources('object-src')).toStrictEqual(["'none'"]);
    expect(sources('base-uri')).toStrictEqual(["'none'"]);
    expect(sources('frame-ancestors')).toStrictEqual(["'none'"]);
    expect(sources('form-action')).toStrictEqual(["'none'"]);
    expect(sources('frame-src')).toStrictEqual(["'none'"]);
  });

  it('connects to the app itself only: the core does the networking', () => {
    expect(sources('connect-src')).toStrictEqual(["'self'"]);
  });

  it('allows page-made blob: and data: only where previews and pdf.js need them', () => {
    expect(sources('img-src')).toStrictEqual(["'self'", 'blob:', 'data:']);
    expect(sources('worker-src')).toStrictEqual(["'self'", 'blob:']);
  });

  it('names no remote origin, wildcard or insecure scheme anywhere', () => {
    for (const [name, list] of policy) {
      for (const source of list) {
        expect(source, name).not.toMatch(/^(\*|https?:|wss?:|file:|filesystem:|\*\.)/);
        expect(source, name).not.toMatch(/:\/\//);
      }
    }
  });
});

describe('security headers', () => {
  it('sends the policy with nosniff and no referrer', () => {
    const headers = securityHeaders();
    expect(headers['Content-Security-Policy']).toBe(contentSecurityPolicy());
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('no-referrer');
  });

  it('replaces a response’s own policy whatever the header case, keeping other headers', () => {
    const merged = withSecurityHeaders({
      'content-security-policy': ["default-src *; script-src 'unsafe-eval'"],
      'CONTENT-SECURITY-POLICY-REPORT-ONLY': ['x'],
      'Content-Type': ['text/html'],
    });
    const cspHeaders = Object.keys(merged).filter((name) => name.toLowerCase() === 'content-security-policy');
    expect(cspHeaders).toStrictEqual(['Content-Security-Policy']);
    expect(merged['Content-Security-Policy']).toStrictEqual([contentSecurityPolicy()]);
    expect(merged['Content-Type']).toStrictEqual(['text/html']);
  });

  it('adds the headers to a response that had none', () => {
    expect(withSecurityHeaders(undefined)['Content-Security-Policy']).toStrictEqual([
      contentSecurityPolicy(),
    ]);
  });
});
