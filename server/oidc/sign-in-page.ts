// The staff sign-in page and the provider's error page: plain server-rendered HTML, no scripts.
// The one style block is allowed by a per-answer nonce; everything echoed is HTML-escaped.
import { randomBytes } from 'node:crypto';

export interface HtmlPage {
  html: string;
  /** The Content-Security-Policy header that goes with this page (its nonce is in the page). */
  contentSecurityPolicy: string;
}

export const SIGN_IN_FIELDS = { email: 'login', password: 'password', csrf: 'csrf' } as const;
export const WRONG_CREDENTIALS = 'Wrong email or password.';

/** "8 seconds", "2 minutes": a wait as the sign-in page says it, rounded up. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** What the page says when an attempt must wait or the account is locked (the same for any email). */
export function throttleText(kind: 'wait' | 'locked', retryAfterMs: number): string {
  return kind === 'locked'
    ? `Too many failed attempts: this account is locked for ${waitText(retryAfterMs)}. An administrator can unlock it sooner.`
    : `Too many failed attempts: wait ${waitText(retryAfterMs)} before you try again.`;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
  body { font: 16px/1.4 system-ui, sans-serif; background: #f4f5f7; color: #1d2430; margin: 0; }
  main { max-width: 22rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 8px;
         box-shadow: 0 1px 4px rgba(0, 0, 0, 0.15); }
  h1 { font-size: 1.25rem; margin: 0 0 1.5rem; }
  label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
  input { box-sizing: border-box; width: 100%; padding: 0.5rem; font: inherit; border: 1px solid #8a93a3;
          border-radius: 4px; }
  button { margin-top: 1.5rem; width: 100%; padding: 0.6rem; font: inherit; font-weight: 600; color: #fff;
           background: #1f5fbf; border: 0; border-radius: 4px; cursor: pointer; }
  [role='alert'] { color: #a3121b; background: #fdecee; padding: 0.5rem 0.75rem; border-radius: 4px; }
`;

/**
 * No scripts, styles only with the nonce, no framing. A form submission's redirects are checked
 * against form-action too, so it names the loopback callback (any port) besides the sandbox.
 */
function policy(nonce: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "form-action 'self' http://127.0.0.1:*",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

function page(title: string, body: string): HtmlPage {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
  return { html, contentSecurityPolicy: policy(nonce) };
}

export function signInTitle(serviceName: string): string {
  return `Sign in to FICA Desk (${serviceName})`;
}

export function signInPage(input: {
  serviceName: string;
  action: string;
  /** The form's anti-forgery token, sent back with it. */
  csrf: string;
  email?: string;
  /** Why the form is shown again: a wrong password, a wait, a lock. */
  alert?: string;
}): HtmlPage {
  const alert = input.alert ? `<p role="alert">${escapeHtml(input.alert)}</p>\n` : '';
  const emailFocus = input.alert ? '' : ' autofocus';
  const passwordFocus = input.alert ? ' autofocus' : '';
  return page(
    signInTitle(input.serviceName),
    `${alert}<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="${SIGN_IN_FIELDS.csrf}" value="${escapeHtml(input.csrf)}">
<label for="login">Email</label>
<input id="login" name="${SIGN_IN_FIELDS.email}" type="email" autocomplete="username" required value="${escapeHtml(input.email ?? '')}"${emailFocus}>
<label for="password">Password</label>
<input id="password" name="${SIGN_IN_FIELDS.password}" type="password" autocomplete="current-password" required${passwordFocus}>
<button type="submit">Sign in</button>
</form>`,
  );
}

/** The provider's own sign-out form (`form`, its hidden xsrf field) with the two answers. */
export function signOutPage(form: string): HtmlPage {
  return page(
    'Sign out of FICA Desk?',
    `${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Yes, sign me out</button>
<button type="submit" form="op.logoutForm">No, stay signed in</button>`,
  );
}

export function signedOutPage(): HtmlPage {
  return page('Signed out', '<p>You are signed out. You can close this window.</p>');
}

/** `/oidc/session/end` in a browser that is not signed in: nothing to end, nothing to submit. */
export function notSignedInPage(): HtmlPage {
  return page(
    'Not signed in',
    '<p>This browser is not signed in to FICA Desk, so there is nothing to sign out of. You can close this window.</p>',
  );
}

export function signInErrorPage(title: string, message: string): HtmlPage {
  return page(
    title,
    `<p role="alert">${escapeHtml(message)}</p>\n<p>Start signing in again from FICA Desk.</p>`,
  );
}
