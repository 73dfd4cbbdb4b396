// Staff passwords: scrypt hashes with a salt of their own, that only the same password matches,
// and generated passwords a person can read out and type.
import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, passwordMatches } from '../../../server/auth/passwords.js';
import { escapeHtml, signInPage } from '../../../server/oidc/sign-in-page.js';
import { CPU_HEAVY } from '../../support/timeouts.js';

describe('staff passwords', { timeout: CPU_HEAVY }, () => {
  it('matches only the password that was hashed, and salts every hash', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(first).not.toBe(second);
    expect(await passwordMatches('correct horse battery', first)).toBe(true);
    expect(await passwordMatches('correct horse batterY', first)).toBe(false);
    expect(await passwordMatches('', first)).toBe(false);
  });

  it('hashes generated passwords at a lower cost that the stored hash records', async () => {
    const password = generatePassword();
    const hash = await hashPassword(password, 'generated');
    expect(hash).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect(await passwordMatches(password, hash)).toBe(true);
  });

  it('matches nothing against a damaged or foreign hash', async () => {
    expect(await passwordMatches('x', 'sha256$abc')).toBe(false);
    expect(await passwordMatches('x', 'scrypt$3$8$1$c2FsdA$a2V5')).toBe(false);
  });

  it('generates readable passwords: three groups of four, no look-alike characters, rarely the same', () => {
    const passwords = Array.from({ length: 200 }, generatePassword);
    for (const password of passwords)
      expect(password).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});

describe('sign-in page', () => {
  it('escapes what it echoes and keeps its one style block to the nonce of its policy', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    const page = signInPage({
      serviceName: 'Sandbox',
      action: '/oidc/interaction/a"b',
      email: '"><b>',
      csrf: 'tok"en',
      alert: 'Wrong <email>',
    });
    expect(page.html).toContain('action="/oidc/interaction/a&quot;b"');
    expect(page.html).toContain('name="csrf" value="tok&quot;en"');
    expect(page.html).toContain('<p role="alert">Wrong &lt;email&gt;</p>');
    expect(page.html).toContain('value="&quot;&gt;&lt;b&gt;"');
    const nonce = /<style nonce="([^"]+)">/.exec(page.html)?.[1];
    expect(page.contentSecurityPolicy).toContain(`style-src 'nonce-${nonce}'`);
    expect(page.contentSecurityPolicy).toContain("default-src 'none'");
    expect(page.contentSecurityPolicy).not.toContain('unsafe-inline');
  });
});
