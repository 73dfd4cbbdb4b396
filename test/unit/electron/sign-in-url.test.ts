// Main opens only an identity provider's sign-in page in the system browser for the core.
import { describe, expect, it } from 'vitest';
import { signInPageUrl } from '../../../electron/security/sign-in-url.js';

describe('the sign-in page main opens in the system browser', () => {
  it('opens an https page of any provider, and the training sandbox on this machine', () => {
    expect(signInPageUrl('https://login.bank.example/oidc/auth?client_id=fica-desk')).toBe(
      'https://login.bank.example/oidc/auth?client_id=fica-desk',
    );
    expect(signInPageUrl('http://127.0.0.1:4010/oidc/auth?x=1')).toBe('http://127.0.0.1:4010/oidc/auth?x=1');
  });

  it('refuses plain http elsewhere, other schemes, credentials and what is not a URL', () => {
    for (const bad of [
      'http://login.bank.example/oidc/auth',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://user:secret@login.bank.example/',
      'not a url',
    ])
      expect(() => signInPageUrl(bad), bad).toThrow();
  });
});
