// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no types, and every program that compiles this file (electron's reaches it through the host) needs ours
/// <reference path="./oidc-provider.d.ts" />
// The sandbox's OpenID Connect provider for partners' staff (oidc-provider): one public native
// client, `fica-desk` (authorization code with PKCE S256, loopback redirect on any port), and ID
// tokens that carry who signed in (sub = the service user id, name, email, roles, partner_id).
import type { Account, Grant, KoaContextWithOIDC, Provider } from 'oidc-provider';
import type * as OidcModuleNamespace from 'oidc-provider';
import type { AppContext } from '../context.js';
import { createMemoryAdapter } from './memory-adapter.js';
import { generateProviderKeys, ID_TOKEN_ALG } from './keys.js';
import { signedOutPage, signInErrorPage, signOutPage, type HtmlPage } from './sign-in-page.js';

export const DESK_CLIENT_ID = 'fica-desk';
/** Registered without a port: oidc-provider accepts any port for a native client's loopback URI (RFC 8252 §7.3). */
export const DESK_REDIRECT_URI = 'http://127.0.0.1/callback';
/** What the desk is granted without a consent page: it is the partner's own (first-party) app. */
export const DESK_SCOPES = ['openid', 'profile', 'email', 'roles'] as const;
export const INTERACTION_PATH = '/oidc/interaction';

const TTL_SECONDS = {
  AccessToken: 3600,
  AuthorizationCode: 60,
  IdToken: 3600,
  Interaction: 600,
  Session: 8 * 3600,
  Grant: 8 * 3600,
};

type Staff = Pick<AppContext, 'staffAccounts'>;
type OidcModule = typeof OidcModuleNamespace;

/** oidc-provider prints notices about its defaults when it is imported on Node 20; they are noise here. */
async function importQuietly(): Promise<OidcModule> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider WARNING: Unsupported runtime'))
      return;
    warn(...args);
  };
  try {
    return await import('oidc-provider');
  } finally {
    console.warn = warn;
  }
}

function findAccount(staff: Staff) {
  return async (_ctx: KoaContextWithOIDC, id: string): Promise<Account | undefined> => {
    const account = staff.staffAccounts.get(id);
    if (!account) return undefined;
    return {
      accountId: account.id,
      claims: () => ({
        sub: account.id,
        name: account.name,
        email: account.email,
        roles: [account.role],
        partner_id: account.partnerId,
      }),
    };
  };
}

/** The desk's grant covers all of DESK_SCOPES from the start, so no consent prompt is shown. */
async function loadExistingGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { client, session, provider, result } = ctx.oidc;
  if (!client || !session) return undefined;
  const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  if (client.clientId !== DESK_CLIENT_ID || !session.accountId) return existing;
  const grant = existing ?? new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(DESK_SCOPES.join(' '));
  await grant.save();
  return grant;
}

function sendPage(ctx: KoaContextWithOIDC, page: HtmlPage): void {
  ctx.type = 'html';
  ctx.set('Content-Security-Policy', page.contentSecurityPolicy);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = page.html;
}

async function renderError(
  ctx: KoaContextWithOIDC,
  out: { error?: string; error_description?: string },
): Promise<void> {
  sendPage(
    ctx,
    signInErrorPage(
      'Sign-in could not continue',
      out.error_description ?? out.error ?? 'The sign-in request was refused.',
    ),
  );
}

export async function createOidcProvider(issuer: string, staff: Staff): Promise<Provider> {
  const { Provider: OidcProvider } = await importQuietly();
  const keys = generateProviderKeys();
  const provider = new OidcProvider(issuer, {
    adapter: createMemoryAdapter(),
    clients: [
      {
        client_id: DESK_CLIENT_ID,
        client_name: 'FICA Desk',
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [DESK_REDIRECT_URI],
        id_token_signed_response_alg: ID_TOKEN_ALG,
      },
    ],
    // Discovery names the one algorithm, so clients that read it expect ES256 rather than RS256.
    enabledJWA: { idTokenSigningAlgValues: [ID_TOKEN_ALG] },
    jwks: keys.signingKeys,
    cookies: { keys: keys.cookieKeys },
    scopes: [...DESK_SCOPES],
    claims: {
      openid: ['sub', 'partner_id'],
      profile: ['name'],
      email: ['email'],
      roles: ['roles'],
    },
    // The desk reads who signed in from the ID token alone, with no userinfo call.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    responseTypes: ['code'],
    features: {
      devInteractions: { enabled: false },
      // The provider's own pages would fetch web fonts; these are the sandbox's, offline and styled alike.
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => sendPage(ctx, signOutPage(form)),
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => sendPage(ctx, signedOutPage()),
      },
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${INTERACTION_PATH}/${interaction.uid}`,
    },
    findAccount: findAccount(staff),
    loadExistingGrant,
    renderError,
    // The desk calls the token endpoint from Node, never from a web page.
    clientBasedCORS: () => false,
    ttl: TTL_SECONDS,
  });
  return provider;
}
