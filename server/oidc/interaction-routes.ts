// The sign-in pages the provider sends a browser to (/oidc/interaction/:uid): the form on GET,
// the check on POST. A wrong email or password shows the form again (200) with the email kept;
// the right ones finish the login and send the browser back to the provider, which redirects it
// to the desk's loopback callback. The desk's consent is given without a page. A `login_hint`
// fills the email in.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction, Provider } from 'oidc-provider';
import type { AppContext } from '../context.js';
import { checkStaffSignIn } from '../services/staff-accounts.js';
import type { ProviderSource } from './mount.js';
import { DESK_CLIENT_ID, INTERACTION_PATH } from './provider.js';
import { SIGN_IN_FIELDS, signInErrorPage, signInPage, type HtmlPage } from './sign-in-page.js';

type InteractionRequest = FastifyRequest<{ Params: { uid: string } }>;

function sendPage(reply: FastifyReply, page: HtmlPage, status = 200): FastifyReply {
  return reply
    .status(status)
    .header('Content-Security-Policy', page.contentSecurityPolicy)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Content-Type-Options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(page.html);
}

function expired(reply: FastifyReply): FastifyReply {
  return sendPage(
    reply,
    signInErrorPage('Sign-in could not continue', 'This sign-in has expired or was already used.'),
    400,
  );
}

function field(body: unknown, name: string): string {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

export function interactionRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  providerSource: ProviderSource,
): void {
  const serviceName = ctx.config.mode === 'sandbox' ? 'Sandbox' : 'Compliance service';
  const formAction = (uid: string): string => `${INTERACTION_PATH}/${encodeURIComponent(uid)}`;

  app.get(`${INTERACTION_PATH}/:uid`, async (request: InteractionRequest, reply) => {
    const provider = await providerSource();
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
    if (!details || details.uid !== request.params.uid) return expired(reply);
    if (details.prompt.name === 'consent') {
      // oidc-provider asks a native client's user every time (its native_client_prompt check); the
      // desk is the partner's own app, so its consent is given here, with the grant
      // loadExistingGrant made for it, and no page is shown.
      if (details.params.client_id !== DESK_CLIENT_ID || !details.grantId) return expired(reply);
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { consent: { grantId: details.grantId } });
      return;
    }
    if (details.prompt.name !== 'login') return expired(reply);
    const loginHint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    return sendPage(reply, signInPage({ serviceName, action: formAction(details.uid), email: loginHint }));
  });

  app.post(`${INTERACTION_PATH}/:uid`, async (request: InteractionRequest, reply) => {
    const provider = await providerSource();
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
    if (!details || details.uid !== request.params.uid || details.prompt.name !== 'login')
      return expired(reply);
    const email = field(request.body, SIGN_IN_FIELDS.email).trim();
    const password = field(request.body, SIGN_IN_FIELDS.password);
    const account = email && password ? await checkStaffSignIn(ctx, email, password) : null;
    if (!account) {
      return sendPage(
        reply,
        signInPage({ serviceName, action: formAction(details.uid), email, wrongCredentials: true }),
      );
    }
    await forgetOtherAccountsSession(provider, details, account.id);
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId: account.id } },
      {
        mergeWithLastSubmission: false,
      },
    );
  });
}

/**
 * Someone else signing in on a shared laptop's browser: the previous person's browser session ends
 * here, on the server, so the provider does not answer with its sign-out page (a self-submitting
 * form) before going on, and the new person's sign-in continues straight to the desk.
 */
async function forgetOtherAccountsSession(
  provider: Provider,
  details: Interaction,
  accountId: string,
): Promise<void> {
  const previous = details.session;
  if (!previous?.accountId || previous.accountId === accountId) return;
  if (previous.cookie) await (await provider.Session.find(previous.cookie))?.destroy();
  delete details.session;
  await details.save(details.exp - Math.floor(Date.now() / 1000));
}
