// Signing a person in as native apps should (RFC 8252): the authorization code flow with PKCE in the
// system browser, answered on a loopback redirect that listens only for this one sign-in. The ID
// token's claims say who the person is; nothing of it is kept but those claims.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { StaffRoleSchema } from '../../../shared/domain/staff-roles.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { StaffIdentity } from '../../../shared/ipc/staff.js';

/** The desktop app's client at every partner's identity provider (public: no secret on a laptop). */
export const STAFF_CLIENT_ID = 'fica-desk';
const SCOPE = 'openid profile email roles';
/** A sign-in left unfinished in the browser stops listening after this long. */
const SIGN_IN_TIMEOUT_MS = 10 * 60_000;

const ClaimsSchema = z.object({
  sub: z.string().min(1).max(200),
  name: z.string().max(500).optional(),
  email: z.string().max(500).optional(),
  roles: z.array(z.string()).optional(),
  partner_id: z.string().max(200).optional(),
});

/** The identity a partner's provider vouches for; roles it names that FICA Desk does not know are ignored. */
export function identityOf(claims: unknown): StaffIdentity {
  const parsed = ClaimsSchema.safeParse(claims);
  if (!parsed.success) throw new DeskError('not-allowed', 'The identity provider did not say who signed in.');
  const c = parsed.data;
  const roles = (c.roles ?? []).flatMap((r) => {
    const role = StaffRoleSchema.safeParse(r);
    return role.success ? [role.data] : [];
  });
  return {
    userId: c.sub,
    name: c.name ?? c.email ?? c.sub,
    email: c.email ?? '',
    roles,
    partnerId: c.partner_id ?? null,
  };
}

export interface PendingSignIn {
  url: string;
  /** Settles when the browser comes back to the loopback redirect, or the sign-in is cancelled. */
  identity: Promise<StaffIdentity>;
  cancel(): void;
}

const page = (title: string, message: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto"><h1>${title}</h1><p>${message}</p></body></html>`;

/**
 * Starts a sign-in at `issuer`: discovery, a loopback listener on 127.0.0.1 with a port of its own,
 * and the authorization URL with a fresh PKCE verifier, state and nonce.
 */
export async function beginIdentityProviderSignIn(issuer: string): Promise<PendingSignIn> {
  const oidc = await import('openid-client');
  const issuerUrl = new URL(issuer);
  // Plain HTTP is reachable only for a loopback or training service: profiles refuse it otherwise.
  const insecure = issuerUrl.protocol === 'http:';
  let config;
  try {
    config = await oidc.discovery(issuerUrl, STAFF_CLIENT_ID, undefined, oidc.None(), {
      execute: insecure ? [oidc.allowInsecureRequests] : [],
      timeout: 15,
    });
  } catch (error) {
    throw new DeskError(
      'offline',
      `The identity provider at ${issuer} cannot be reached (${error instanceof Error ? error.message : 'no answer'}). Sign in when online, or unlock with your offline passphrase.`,
    );
  }
  const verifier = oidc.randomPKCECodeVerifier();
  const challenge = await oidc.calculatePKCECodeChallenge(verifier);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();

  let settle!: { resolve: (identity: StaffIdentity) => void; reject: (error: Error) => void };
  const identity = new Promise<StaffIdentity>((resolve, reject) => (settle = { resolve, reject }));
  // A rejection nobody awaits yet (the screen may have gone) must not crash the process.
  identity.catch(() => undefined);

  const server: Server = createServer((req, res) => {
    const current = new URL(req.url ?? '/', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    if (req.method !== 'GET' || current.pathname !== '/callback') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    void finish(current).then(
      (who) => {
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
          .end(
            page(
              'Signed in to FICA Desk',
              `You are signed in as ${escapeHtml(who.name)}. You can close this tab and go back to FICA Desk.`,
            ),
          );
        settle.resolve(who);
        close();
      },
      (error: Error) => {
        res
          .writeHead(400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
          .end(page('Not signed in', `${escapeHtml(error.message)} Go back to FICA Desk and try again.`));
        settle.reject(error);
        close();
      },
    );
  });
  const finish = async (current: URL): Promise<StaffIdentity> => {
    const refused = current.searchParams.get('error');
    if (refused) {
      const description = current.searchParams.get('error_description');
      throw new DeskError(
        'not-allowed',
        `The identity provider refused the sign-in: ${description ?? refused}.`,
      );
    }
    try {
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      return identityOf(tokens.claims());
    } catch (error) {
      if (error instanceof DeskError) throw error;
      throw new DeskError(
        'not-allowed',
        `The sign-in could not be completed: ${error instanceof Error ? error.message : 'unknown error'}.`,
      );
    }
  };
  const timer = setTimeout(() => {
    settle.reject(new DeskError('not-allowed', 'The sign-in was not finished in time. Try again.'));
    close();
  }, SIGN_IN_TIMEOUT_MS);
  timer.unref();
  const close = () => {
    clearTimeout(timer);
    server.close();
    server.closeAllConnections();
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `http://127.0.0.1:${port}/callback`,
    scope: SCOPE,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce,
    // Branch laptops are shared: the provider asks for the password every time, never reusing the
    // browser session of whoever signed in before.
    prompt: 'login',
  });
  return {
    url: url.href,
    identity,
    cancel: () => {
      settle.reject(new DeskError('not-allowed', 'The sign-in was cancelled.'));
      close();
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
