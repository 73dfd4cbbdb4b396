// Which receiving URLs a subscription may use (contract §8): https everywhere; the sandbox also
// accepts http on loopback; live mode refuses private and link-local addresses, also after DNS.
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';

export type ServerMode = 'sandbox' | 'live';

function ipv4Parts(address: string): number[] | undefined {
  const parts = address.split('.').map(Number);
  return parts.length === 4 && parts.every((p) => Number.isInteger(p) && p >= 0 && p <= 255)
    ? parts
    : undefined;
}

export function isLoopbackAddress(address: string): boolean {
  const host = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  const v4 = ipv4Parts(host.startsWith('::ffff:') ? host.slice(7) : host);
  return v4 !== undefined && v4[0] === 127;
}

/** Loopback, private, carrier-grade NAT, link-local, unspecified and unique-local addresses. */
export function isNonPublicAddress(address: string): boolean {
  const host = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (isLoopbackAddress(host)) return true;
  const v4 = ipv4Parts(host.startsWith('::ffff:') ? host.slice(7) : host);
  if (v4) {
    const [a = 0, b = 0] = v4;
    return (
      a === 0 ||
      a === 10 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  if (isIP(host) === 6) {
    return host === '::' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host);
  }
  return false;
}

/** Why a subscription URL is refused, or null when it is acceptable in this mode. */
export function subscriptionUrlProblem(rawUrl: string, mode: ServerMode): string | null {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return 'url must be an absolute URL';
  }
  if (url.username || url.password) return 'url must not carry credentials';
  if (url.protocol === 'https:') {
    if (
      mode === 'live' &&
      isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0 &&
      isNonPublicAddress(url.hostname)
    ) {
      return 'url must not point at a private or link-local address';
    }
    return null;
  }
  if (url.protocol === 'http:') {
    if (mode === 'sandbox' && isLoopbackAddress(url.hostname)) return null;
    return mode === 'sandbox'
      ? 'url must use https (http is accepted only on loopback in the sandbox)'
      : 'url must use https';
  }
  return 'url must use https';
}

/** A DNS lookup for live mode deliveries that fails when a name resolves to a non-public address. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as Array<{ address: string; family: number }>;
    const refused = list.find((a) => isNonPublicAddress(a.address));
    if (refused || list.length === 0) {
      return callback(
        new Error(`Refused to deliver to non-public address ${refused?.address ?? hostname}`),
        '',
        0,
      );
    }
    if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    const first = list[0]!;
    callback(null, first.address, first.family);
  });
};
