// Staff sign in to the desk through the sandbox's OpenID Connect provider: discovery, the code
// flow with PKCE as openid-client drives it, the sign-in form, redirect URIs, and passwords set
// through the control API. All over real HTTP against a sandbox on port 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import {
  browse,
  DESK_SCOPE,
  deskAuthorization,
  deskClient,
  formAction,
  hiddenFields,
  openAuthorization,
  signInToLoopback,
  signInWithDesk,
  submitForm,
  submitSignIn,
} from '../../support/oidc-login.js';
import { createPartner, startTestSandbox, type TestSandbox } from './helpers.js';
import type { StaffAccountWithPassword } from '../../../server/index.js';
import { controlHeaders } from '../../support/sandbox.js';

/** Any port will do: the test reads the redirect instead of listening on it. */
const CALLBACK = 'http://127.0.0.1:53682/callback';

let t: TestSandbox;
let desk: client.Configuration;

beforeAll(async () => {
  t = await startTestSandbox();
  desk = await deskClient(t.sandbox.oidc.issuer);
});
afterAll(() => t.stop());

const authorization = (redirectUri = CALLBACK) => deskAuthorization(desk, redirectUri);
const signIn = (email: string, password: string) => signInWithDesk(desk, email, password);

function account(staff: StaffAccountWithPassword[], role: string): StaffAccountWithPassword {
  const found = staff.find((a) => a.role === role);
  if (!found) throw new Error(`no ${role}`);
  return found;
}

function control(path: string, init: { method: string; body?: unknown; headers?: Record<string, string> }) {
  return fetch(`${t.url}/sandbox/v1${path}`, {
    method: init.method,
    headers: { ...controlHeaders(t.url), 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

describe('staff sign-in (OpenID Connect)', () => {
  it('publishes discovery under /oidc with the real port as the issuer', async () => {
    const res = await fetch(`${t.url}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const discovery = (await res.json()) as Record<string, unknown>;
    expect(t.sandbox.oidc.issuer).toBe(`http://127.0.0.1:${t.sandbox.port}/oidc`);
    expect(discovery.issuer).toBe(t.sandbox.oidc.issuer);
    expect(discovery.authorization_endpoint).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${t.sandbox.port}/oidc/`),
    );
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'roles']),
    );
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(discovery.id_token_signing_alg_values_supported).toEqual(['ES256']);
  });

  it('signs the reviewer in with the code flow and PKCE; the ID token says who they are', async () => {
    const users = (
      await t.api.get<Array<{ id: string; role: string; name: string; email: string }>>(
        '/api/v1/settings/users',
      )
    ).body;
    const reviewerUser = users.find((u) => u.role === 'reviewer')!;
    const reviewer = account(t.sandbox.staff, 'reviewer');
    expect(reviewer.userId).toBe(reviewerUser.id);

    const claims = await signIn(reviewer.email, reviewer.password);
    expect(claims).toMatchObject({
      iss: t.sandbox.oidc.issuer,
      aud: 'fica-desk',
      sub: reviewerUser.id,
      name: reviewerUser.name,
      email: reviewerUser.email,
      roles: ['reviewer'],
      partner_id: t.sandbox.demoPartner.partnerId,
    });
  });

  it('signs the admin in with its own id, which is not one of the API users', async () => {
    const admin = account(t.sandbox.staff, 'admin');
    expect(admin.email).toMatch(/^admin@/);
    const claims = await signIn(admin.email, admin.password);
    expect(claims.sub).toBe(admin.userId);
    expect(claims.roles).toEqual(['admin']);
    const users = (await t.api.get<Array<{ id: string; role: string }>>('/api/v1/settings/users')).body;
    expect(users.map((u) => u.role).sort()).toEqual(['capturer', 'reviewer']);
    expect(users.map((u) => u.id)).not.toContain(admin.userId);
  });

  it('shows a plain sign-in form without scripts under a strict content security policy', async () => {
    const { step } = await openAuthorization((await authorization()).url);
    if (step.kind !== 'page') throw new Error('expected the sign-in form');
    expect(step.status).toBe(200);
    expect(step.url.pathname).toMatch(/^\/oidc\/interaction\/[^/]+$/);
    expect(step.html).toContain('<title>Sign in to FICA Desk (Sandbox)</title>');
    expect(step.html).toMatch(/<label for="login">Email<\/label>\s*<input id="login" name="login"/);
    expect(step.html).toMatch(
      /<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/,
    );
    expect(step.html).toContain('<button type="submit">Sign in</button>');
    expect(step.html).not.toMatch(/<script/i);
    const res = await fetch(step.url);
    // Without the interaction cookie the page is not shown: it belongs to the browser that started it.
    expect(res.status).toBe(400);
  });

  it('answers a wrong password with the form again, the email kept and the password not', async () => {
    const reviewer = account(t.sandbox.staff, 'reviewer');
    const auth = await authorization();
    const { browser, step } = await openAuthorization(auth.url);
    if (step.kind !== 'page') throw new Error('expected the sign-in form');

    const wrong = await submitSignIn(browser, step, reviewer.email, 'not-the-password');
    if (wrong.kind !== 'page') throw new Error(`a wrong password reached ${wrong.url.href}`);
    expect(wrong.status).toBe(200);
    expect(wrong.html).toContain('<p role="alert">Wrong email or password.</p>');
    expect(wrong.html).toContain(`value="${reviewer.email}"`);
    expect(wrong.html).not.toContain('not-the-password');

    const unknown = await submitSignIn(browser, wrong, 'nobody@demo.partner.example', reviewer.password);
    expect(unknown.kind === 'page' && unknown.html.includes('Wrong email or password.')).toBe(true);

    // The same sign-in still completes once the right password is given.
    const right = await submitSignIn(browser, wrong, reviewer.email, reviewer.password);
    if (right.kind !== 'callback') throw new Error('the right password did not reach the callback');
    expect(right.url.origin + right.url.pathname).toBe(CALLBACK);
    expect(right.url.searchParams.get('state')).toBe(auth.state);
    expect(right.url.searchParams.get('code')).toBeTruthy();
  });

  it('answers the form with two redirects, the second to the callback, as docs/staff-sign-in.md §5 says', async () => {
    const reviewer = account(t.sandbox.staff, 'reviewer');
    const auth = await authorization();
    const { browser, step } = await openAuthorization(auth.url);
    if (step.kind !== 'page') throw new Error('expected the sign-in form');
    const hops: string[] = [];
    let next: Response = await fetch(formAction(step), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: browser.jar.header() },
      body: new URLSearchParams({
        ...hiddenFields(step),
        login: reviewer.email,
        password: reviewer.password,
      }),
    });
    for (;;) {
      browser.jar.store(next);
      const location = next.headers.get('location');
      hops.push(`${next.status} ${location ? new URL(location, step.url).pathname : ''}`);
      if (!location || new URL(location, step.url).origin !== step.url.origin) break;
      next = await fetch(new URL(location, step.url), {
        redirect: 'manual',
        headers: { cookie: browser.jar.header() },
      });
    }
    expect(hops).toEqual([expect.stringMatching(/^303 \/oidc\/auth\/[^/]+$/), '303 /callback']);
  });

  it('refuses a sign-in form sent without its anti-forgery token, and checks no password', async () => {
    const reviewer = account(t.sandbox.staff, 'reviewer');
    const { browser, step } = await openAuthorization((await authorization()).url);
    if (step.kind !== 'page') throw new Error('expected the sign-in form');
    const token = hiddenFields(step).csrf ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    for (const csrf of [undefined, '', `${token}x`, token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))]) {
      const res = await fetch(formAction(step), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: browser.jar.header() },
        body: new URLSearchParams({
          ...(csrf === undefined ? {} : { csrf }),
          login: reviewer.email,
          password: reviewer.password,
        }),
      });
      expect(res.status, String(csrf)).toBe(403);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('was not sent from its own page');
    }
    // The page's own token still signs in.
    expect((await submitSignIn(browser, step, reviewer.email, reviewer.password)).kind).toBe('callback');
  });

  it('answers a sign-out without a session with its own page under a strict policy, no script', async () => {
    const { browser } = await openAuthorization((await authorization()).url);
    for (const url of [
      `${t.sandbox.oidc.issuer}/session/end`,
      `${t.sandbox.oidc.issuer}/session/end?client_id=fica-desk`,
    ]) {
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: browser.jar.header() } });
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
      const html = await res.text();
      expect(html).not.toMatch(/<script|<form/i);
      expect(html).toContain('This browser is not signed in to FICA Desk');
    }
  });

  it('escapes what it echoes', async () => {
    const { browser, step } = await openAuthorization((await authorization()).url);
    if (step.kind !== 'page') throw new Error('expected the sign-in form');
    const again = await submitSignIn(browser, step, '"><script>alert(1)</script>', 'whatever1');
    if (again.kind !== 'page') throw new Error('expected the form again');
    expect(again.html).not.toContain('<script>');
    expect(again.html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('accepts the loopback callback on any port and refuses one on another host', async () => {
    const reviewer = account(t.sandbox.staff, 'reviewer');
    const otherPort = await authorization('http://127.0.0.1:61001/callback');
    const callback = await signInToLoopback(otherPort.url, reviewer.email, reviewer.password);
    expect(callback.port).toBe('61001');

    const evil = await authorization('http://evil.example/callback');
    const res = await fetch(evil.url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('redirect_uri');
  });

  it('refuses an authorization request without PKCE', async () => {
    const url = client.buildAuthorizationUrl(desk, { redirect_uri: CALLBACK, scope: DESK_SCOPE, state: 'x' });
    const res = await fetch(url, { redirect: 'manual' });
    const location = new URL(res.headers.get('location') ?? 'http://none/');
    expect(location.origin + location.pathname).toBe(CALLBACK);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('gives a new partner three accounts with passwords; a password set through the control API replaces the old', async () => {
    const partner = await createPartner(t.url, { name: 'Sign-in Bank' });
    const created = partner as unknown as { users: StaffAccountWithPassword[] };
    expect(created.users.map((u) => u.role)).toEqual(['capturer', 'reviewer', 'admin']);
    for (const user of created.users) expect(user.password.length).toBeGreaterThanOrEqual(12);

    const listed = await control(`/partners/${partner.partnerId}/users`, { method: 'GET' });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual(created.users.map(({ password: _password, ...user }) => user));

    const capturer = account(created.users, 'capturer');
    const set = await control(`/partners/${partner.partnerId}/users/${capturer.userId}/password`, {
      method: 'PUT',
      body: { password: 'correct horse battery' },
    });
    expect(set.status).toBe(204);

    const claims = await signIn(capturer.email, 'correct horse battery');
    expect(claims).toMatchObject({
      sub: capturer.userId,
      roles: ['capturer'],
      partner_id: partner.partnerId,
    });
    await expect(signIn(capturer.email, capturer.password)).rejects.toThrow(/did not reach the callback/);

    const users = (await partner.client.get<Array<{ id: string; role: string }>>('/api/v1/settings/users'))
      .body;
    expect(users.map((u) => [u.role, u.id]).sort()).toEqual(
      [
        ['capturer', capturer.userId],
        ['reviewer', account(created.users, 'reviewer').userId],
      ].sort(),
    );
  });

  it('refuses a short password, an unknown account and a cross-site request to set one', async () => {
    const reviewer = account(t.sandbox.staff, 'reviewer');
    const path = `/partners/${t.sandbox.demoPartner.partnerId}/users/${reviewer.userId}/password`;
    expect((await control(path, { method: 'PUT', body: { password: 'short' } })).status).toBe(400);
    const unknownUser = `/partners/${t.sandbox.demoPartner.partnerId}/users/${crypto.randomUUID()}/password`;
    expect((await control(unknownUser, { method: 'PUT', body: { password: 'long enough' } })).status).toBe(
      404,
    );
    const otherPartners = `/partners/${crypto.randomUUID()}/users/${reviewer.userId}/password`;
    expect((await control(otherPartners, { method: 'PUT', body: { password: 'long enough' } })).status).toBe(
      404,
    );
    const crossSite = await control(path, {
      method: 'PUT',
      body: { password: 'attacker chosen' },
      headers: { origin: 'http://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    // The demo reviewer still signs in with the password the sandbox printed.
    expect((await signIn(reviewer.email, reviewer.password)).sub).toBe(reviewer.userId);
  });

  it('keeps the browser signed in until it signs out; prompt=login asks again meanwhile', async () => {
    const capturer = account(t.sandbox.staff, 'capturer');
    const { browser, step } = await openAuthorization((await authorization()).url);
    if (step.kind !== 'page') throw new Error('expected the sign-in form');
    expect((await submitSignIn(browser, step, capturer.email, capturer.password)).kind).toBe('callback');

    // The same browser is sent straight back to the desk while its session lasts.
    expect((await browse(browser, (await authorization()).url)).kind).toBe('callback');
    const forced = new URL((await authorization()).url);
    forced.searchParams.set('prompt', 'login');
    const again = await browse(browser, forced);
    expect(again.kind === 'page' && again.html.includes('<button type="submit">Sign in</button>')).toBe(true);

    const signOut = await browse(browser, `${t.sandbox.oidc.issuer}/session/end?client_id=fica-desk`);
    if (signOut.kind !== 'page') throw new Error('expected the sign-out question');
    expect(signOut.html).toContain('Yes, sign me out');
    expect(signOut.html).not.toMatch(/<script|fonts\.googleapis/);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(signOut.html)?.[1] ?? '';
    const done = await submitForm(browser, signOut, { xsrf, logout: 'yes' });
    expect(done.kind === 'page' && done.html.includes('You are signed out.')).toBe(true);

    const afterSignOut = await browse(browser, (await authorization()).url);
    expect(afterSignOut.kind === 'page' && afterSignOut.html.includes('name="password"')).toBe(true);
  });

  it('lets the next person sign in on a browser where someone else is still signed in', async () => {
    const capturer = account(t.sandbox.staff, 'capturer');
    const reviewer = account(t.sandbox.staff, 'reviewer');
    const first = await openAuthorization((await authorization()).url);
    if (first.step.kind !== 'page') throw new Error('expected the sign-in form');
    expect((await submitSignIn(first.browser, first.step, capturer.email, capturer.password)).kind).toBe(
      'callback',
    );

    // A shared laptop: the desk asks for the password every time, and another person gives theirs.
    const next = await authorization();
    const forced = new URL(next.url);
    forced.searchParams.set('prompt', 'login');
    const form = await browse(first.browser, forced);
    if (form.kind !== 'page') throw new Error('expected the sign-in form');
    const done = await submitSignIn(first.browser, form, reviewer.email, reviewer.password);
    if (done.kind !== 'callback')
      throw new Error(`expected the desk's callback, got: ${done.html.slice(0, 300)}`);
    const tokens = await client.authorizationCodeGrant(desk, done.url, {
      pkceCodeVerifier: next.verifier,
      expectedState: next.state,
    });
    expect(tokens.claims()?.email).toBe(reviewer.email);
  });
});
