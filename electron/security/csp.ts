// The renderer's Content Security Policy and companion headers. Sent twice on purpose: by the app://
// protocol handler (custom-protocol responses may not pass through webRequest) and by the session's
// onHeadersReceived (covers anything else the session loads). All network goes through the core, so
// the page needs nothing beyond its own origin, blob: and data:.

export type CspDirectives = Readonly<Record<string, readonly string[]>>;

export const CSP_DIRECTIVES: CspDirectives = {
  'default-src': ["'none'"],
  // Bundled scripts only: no 'unsafe-eval' (pdf.js runs with isEvalSupported: false) and no
  // 'unsafe-inline', so injected markup cannot run script.
  'script-src': ["'self'"],
  // Stylesheets are files; inline style attributes are allowed because Svelte and pdf.js's text
  // layer position elements with them, and a style attribute cannot run script.
  'style-src': ["'self'"],
  'style-src-attr': ["'unsafe-inline'"],
  // Page previews and captured photos are shown from object URLs or data URLs made in the page.
  'img-src': ["'self'", 'blob:', 'data:'],
  'font-src': ["'self'", 'data:'],
  'media-src': ["'self'", 'blob:'],
  // The pdf.js worker is a bundled file; blob: covers pdf.js building it from a blob URL.
  'worker-src': ["'self'", 'blob:'],
  // pdf.js fetches its cmaps and standard fonts from the app; nothing else may be contacted.
  'connect-src': ["'self'"],
  'manifest-src': ["'none'"],
  'frame-src': ["'none'"],
  'child-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

export function contentSecurityPolicy(directives: CspDirectives = CSP_DIRECTIVES): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** Headers every renderer response carries, as single values (protocol responses). */
export function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    // Camera for document capture only, and only for the app itself.
    'Permissions-Policy':
      'camera=(self), microphone=(), geolocation=(), usb=(), serial=(), hid=(), payment=()',
  };
}

/**
 * Merges the security headers into a webRequest header map, replacing any same-named header
 * whatever its case, so a response can never bring a looser policy of its own.
 */
export function withSecurityHeaders(
  responseHeaders: Record<string, string[]> | undefined,
): Record<string, string[]> {
  const ours = securityHeaders();
  const replaced = new Set(Object.keys(ours).map((name) => name.toLowerCase()));
  const merged: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(responseHeaders ?? {})) {
    if (!replaced.has(name.toLowerCase())) merged[name] = values;
  }
  for (const [name, value] of Object.entries(ours)) merged[name] = [value];
  return merged;
}
