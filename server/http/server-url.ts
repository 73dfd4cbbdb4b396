// The address clients use to reach this instance, with the port it really listens on (tests
// listen on port 0).
import type { FastifyInstance } from 'fastify';

export function listeningPort(app: FastifyInstance, configuredPort: number): number {
  const address = app.server.address();
  return typeof address === 'object' && address !== null ? address.port : configuredPort;
}

export function serverUrl(app: FastifyInstance, host: string, configuredPort: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${listeningPort(app, configuredPort)}`;
}

/** The OpenID Connect issuer of the staff sign-in, mounted under the server's own address. */
export const OIDC_PREFIX = '/oidc';

export function oidcIssuer(baseUrl: string): string {
  return `${baseUrl}${OIDC_PREFIX}`;
}
