// The renderer's one origin. Every policy (CSP, permissions, IPC sender check, protocol) compares
// against these constants, so changing the origin is a one-line change that every test follows.

/** The privileged custom scheme that serves the built renderer; `file://` is never used. */
export const APP_SCHEME = 'app';
/** A fixed host gives the scheme a real, stable origin (standard schemes need one). */
export const APP_HOST = 'fica-desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * True only for URLs on the app origin. Node's URL reports `origin` as "null" for schemes it does
 * not know, so protocol and host are compared instead; credentials and ports are refused because a
 * genuine app URL never has them.
 */
export function isAppUrl(value: string | undefined | null): boolean {
  if (typeof value !== 'string' || value.length === 0) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === `${APP_SCHEME}:` &&
    url.hostname === APP_HOST &&
    url.port === '' &&
    url.username === '' &&
    url.password === ''
  );
}
