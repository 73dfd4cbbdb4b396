// Navigation policy: the app is one document on the app origin. In-app routes change the URL with
// the History API, which never triggers navigation events, so every real navigation is refused.
import { allowedExternalUrl } from './external-links.js';
import { isAppUrl } from './app-origin.js';

/** Answer for 'will-navigate', 'will-frame-navigate' and 'will-redirect': always no. */
export function isNavigationAllowed(_url: string): false {
  return false;
}

export type WindowOpenDecision = { action: 'deny'; openExternally: string | null };

/**
 * Answer for setWindowOpenHandler: no window is ever created. An allow-listed https link is handed
 * to the system browser instead; anything else is dropped.
 */
export function decideWindowOpen(url: string): WindowOpenDecision {
  return { action: 'deny', openExternally: allowedExternalUrl(url) };
}

// blob: and data: are made by the page itself (previews); devtools: is Chromium's own inspector.
const LOCAL_SCHEMES = new Set(['blob:', 'data:', 'devtools:']);

/**
 * Session-level guard for every request the renderer makes: only the app origin and page-local
 * URLs. The core does all networking in Node, so any http(s), ws or file request is an attack or a
 * bug, and is cancelled.
 */
export function isRendererRequestAllowed(value: string): boolean {
  if (isAppUrl(value)) return true;
  try {
    return LOCAL_SCHEMES.has(new URL(value).protocol);
  } catch {
    return false;
  }
}
