// Drives the sandbox's staff sign-in the way a browser would, with fetch and a small cookie jar:
// open the authorization URL, fill in the form (Email, Password), follow the redirects, and stop
// at the loopback callback the desk listens on. Nothing here knows the provider's internals.
import * as client from 'openid-client';

/** Cookies by name, sent to every URL of the sandbox (paths do not matter for these tests). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq <= 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = /;\s*expires=Thu, 01 Jan 1970/i.test(line) || /;\s*max-age=0\b/i.test(line);
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export type SignInStep =
  /** The browser was sent to the loopback callback (`http://127.0.0.1:<port>/callback?code=…`). */
  | { kind: 'callback'; url: URL }
  /** A page was shown (the form again after a wrong password, or an error page). */
  | { kind: 'page'; url: URL; status: number; html: string; headers: Headers };

export interface SignInBrowser {
  jar: CookieJar;
  /** The origin of the sandbox: redirects anywhere else end the walk. */
  origin: string;
}

/** Follows redirects within the sandbox; stops at the first page or at a redirect that leaves it. */
async function walk(browser: SignInBrowser, url: URL, init: RequestInit = {}): Promise<SignInStep> {
  let current = url;
  let request = init;
  for (let hops = 0; hops < 10; hops++) {
    const response = await fetch(current, {
      ...request,
      redirect: 'manual',
      headers: { ...(request.headers as Record<string, string>), cookie: browser.jar.header() },
    });
    browser.jar.store(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.arrayBuffer();
      const next = new URL(location, current);
      if (next.origin !== browser.origin) return { kind: 'callback', url: next };
      current = next;
      request = {};
      continue;
    }
    return {
      kind: 'page',
      url: current,
      status: response.status,
      html: await response.text(),
      headers: response.headers,
    };
  }
  throw new Error(`Too many redirects from ${url.href}`);
}

/** The sign-in form's target, read from the page. */
export function formAction(page: { url: URL; html: string }): URL {
  const match = /<form[^>]*\baction="([^"]*)"/.exec(page.html);
  if (!match) throw new Error(`No sign-in form on ${page.url.href}:\n${page.html}`);
  return new URL(match[1]!.replace(/&amp;/g, '&'), page.url);
}

/** Opens the authorization URL in a fresh "browser": usually the sign-in form. */
export async function openAuthorization(
  authorizationUrl: URL | string,
): Promise<{ browser: SignInBrowser; step: SignInStep }> {
  const url = new URL(authorizationUrl);
  const browser: SignInBrowser = { jar: new CookieJar(), origin: url.origin };
  return { browser, step: await walk(browser, url) };
}

/** Opens a URL in a browser that has been used before (its cookies, so its session, are kept). */
export async function browse(browser: SignInBrowser, url: URL | string): Promise<SignInStep> {
  return walk(browser, new URL(url));
}

/** The form's hidden fields (its anti-forgery token), sent with it as a browser does. */
export function hiddenFields(page: { html: string }): Record<string, string> {
  const form = /<form[\s\S]*?<\/form>/.exec(page.html)?.[0] ?? '';
  const fields: Record<string, string> = {};
  for (const input of form.match(/<input[^>]*type="hidden"[^>]*>/g) ?? []) {
    const name = /\bname="([^"]*)"/.exec(input)?.[1];
    const value = /\bvalue="([^"]*)"/.exec(input)?.[1] ?? '';
    if (name)
      fields[name] = value
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
  }
  return fields;
}

/** Submits a form of `page` with the given fields (the sign-out confirmation, for one) and its hidden ones. */
export async function submitForm(
  browser: SignInBrowser,
  page: { url: URL; html: string },
  fields: Record<string, string>,
): Promise<SignInStep> {
  return walk(browser, formAction(page), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hiddenFields(page), ...fields }).toString(),
  });
}

/** Submits the form shown on `page` as a person would, then follows the redirects. */
export async function submitSignIn(
  browser: SignInBrowser,
  page: { url: URL; html: string },
  email: string,
  password: string,
): Promise<SignInStep> {
  return submitForm(browser, page, { login: email, password });
}

/**
 * Signs in with `email` and `password` from `authorizationUrl` and answers the loopback callback
 * URL the provider redirected to (pass it to openid-client's authorizationCodeGrant). Throws, with
 * the page shown, when the sign-in does not reach the callback.
 */
export async function signInToLoopback(
  authorizationUrl: URL | string,
  email: string,
  password: string,
): Promise<URL> {
  const { browser, step } = await openAuthorization(authorizationUrl);
  if (step.kind === 'callback') return step.url;
  if (step.status !== 200) throw new Error(`The sign-in page answered ${step.status}:\n${step.html}`);
  const after = await submitSignIn(browser, step, email, password);
  if (after.kind === 'callback') return after.url;
  throw new Error(`Signing in as ${email} did not reach the callback (${after.status}):\n${after.html}`);
}

/** The desk's client as openid-client sees it, from the issuer's discovery (http allowed: loopback). */
export async function deskClient(issuer: string): Promise<client.Configuration> {
  return client.discovery(new URL(issuer), 'fica-desk', undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
}

export const DESK_SCOPE = 'openid profile email roles';

/** An authorization URL with fresh PKCE and state, as the desk would open in the browser. */
export async function deskAuthorization(
  desk: client.Configuration,
  redirectUri = 'http://127.0.0.1:53682/callback',
): Promise<{ url: URL; verifier: string; state: string }> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(desk, {
    redirect_uri: redirectUri,
    scope: DESK_SCOPE,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  return { url, verifier, state };
}

/** The whole sign-in: authorization, the form, the code exchange; answers the ID token's claims. */
export async function signInWithDesk(
  desk: client.Configuration,
  email: string,
  password: string,
): Promise<client.IDToken> {
  const auth = await deskAuthorization(desk);
  const callback = await signInToLoopback(auth.url, email, password);
  const tokens = await client.authorizationCodeGrant(desk, callback, {
    pkceCodeVerifier: auth.verifier,
    expectedState: auth.state,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('The token answer carried no ID token');
  return claims;
}
