// The sandbox control API needs no token (contract §10), so a web page the user visits must not be
// able to drive it: a browser sends any site's form or simple POST to a loopback port. Such
// requests either carry a foreign Origin (or Sec-Fetch-Site: cross-site) or, to avoid a CORS
// preflight, a non-JSON content type; both are refused before the body is read.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Why this request looks cross-site, or null. */
export function crossSiteProblem(request: Pick<FastifyRequest, 'method' | 'headers'>): HttpError | null {
  const origin = request.headers.origin;
  if (origin !== undefined && !isSameOrigin(origin, request.headers.host)) {
    return new HttpError(403, 'Cross-site requests to the sandbox control API are refused');
  }
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
    return new HttpError(403, 'Cross-site requests to the sandbox control API are refused');
  }
  if (!SAFE_METHODS.has(request.method) && !isJson(request.headers['content-type'])) {
    return new HttpError(415, 'The sandbox control API takes only Content-Type: application/json');
  }
  return null;
}

function isSameOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host.toLowerCase();
  } catch {
    // "null" (sandboxed frames, file: pages) and anything unparsable.
    return false;
  }
}

function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** Refuses cross-site requests on every route of `scope`. */
export function refuseCrossSite(scope: FastifyInstance): void {
  scope.addHook('onRequest', async (request) => {
    const problem = crossSiteProblem(request);
    if (problem) throw problem;
  });
}
