// The sign-in pages the provider sends a browser to (/oidc/interaction/:uid): the form on GET,
// the check on POST. The form carries an anti-forgery token bound to its interaction. Before a
// password is checked, the sign-in throttle says whether the attempt may be made now (a wait or a
// lock is answered 429 with Retry-After, the page saying how long); a wrong email or password shows
// the form again (200) with the email kept, and a failure is never answered sooner than a floor, so
// an unknown email, a wrong password and a locked account take the same time. The right ones
// finish the login together with the desk's consent, so the provider redirects the browser
// straight to the desk's loopback callback. A `login_hint` fills the email in.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction, Provider } from 'oidc-provider';
import type { AppContext } from '../context.js';
import { accountKey, addressKey } from '../auth/sign-in-throttle.js';
import { checkStaffSignIn } from '../services/staff-accounts.js';
import type { ProviderSource } from './mount.js';
import { DESK_CLIENT_ID, DESK_SCOPES, INTERACTION_PATH } from './provider.js';
import {
  SIGN_IN_FIELDS,
  signInErrorPage,
  signInPage,
  throttleText,
  WRONG_CREDENTIALS,
  type HtmlPage,
} from './sign-in-page.js';

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

/** Waits until `ms` have passed since `since` (performance.now()). */
async function notSoonerThan(since: number, ms: number): Promise<void> {
  const left = since + ms - performance.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
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
  const throttle = ctx.config.signInThrottle;
  // The form's token: a MAC of its interaction's id under a key made at every start. Only the page
  // shown in the browser holding that interaction's cookie carries it.
  const csrfKey = randomBytes(32);
  const csrfFor = (uid: string): string => createHmac('sha256', csrfKey).update(uid).digest('base64url');
  const csrfMatches = (uid: string, sent: string): boolean => {
    const expected = Buffer.from(csrfFor(uid));
    const actual = Buffer.from(sent);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };
  const form = (uid: string, email: string, alert?: string): HtmlPage =>
    signInPage({ serviceName, action: formAction(uid), csrf: csrfFor(uid), email, alert });

  app.get(`${INTERACTION_PATH}/:uid`, async (request: InteractionRequest, reply) => {
    const provider = await providerSource();
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
    if (!details || details.uid !== request.params.uid) return expired(reply);
    if (details.prompt.name === 'consent') {
      // A browser already signed in starting another sign-in: oidc-provider asks a native client's
      // user every time (its native_client_prompt check); the desk is the partner's own app, so its
      // consent is given here, with the grant loadExistingGrant made for it, and no page is shown.
      if (details.params.client_id !== DESK_CLIENT_ID || !details.grantId) return expired(reply);
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { consent: { grantId: details.grantId } });
      return;
    }
    if (details.prompt.name !== 'login') return expired(reply);
    const loginHint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    return sendPage(reply, form(details.uid, loginHint));
  });

  app.post(
    `${INTERACTION_PATH}/:uid`,
    { config: { formBody: true } },
    async (request: InteractionRequest, reply) => {
      const arrived = performance.now();
      const provider = await providerSource();
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (!details || details.uid !== request.params.uid || details.prompt.name !== 'login')
        return expired(reply);
      if (!csrfMatches(details.uid, field(request.body, SIGN_IN_FIELDS.csrf))) {
        return sendPage(
          reply,
          signInErrorPage(
            'Sign-in could not continue',
            'This sign-in was not sent from its own page. Start signing in again from FICA Desk.',
          ),
          403,
        );
      }
      const email = field(request.body, SIGN_IN_FIELDS.email).trim();
      const password = field(request.body, SIGN_IN_FIELDS.password);
      const address = request.ip;
      const keys = [accountKey(email, throttle.account), addressKey('sign-in', address, throttle.address)];

      const verdict = ctx.staffThrottle.check(keys, address);
      if (verdict.kind !== 'go') {
        await notSoonerThan(arrived, throttle.minFailureAnswerMs);
        reply.header('Retry-After', String(Math.ceil(verdict.retryAfterMs / 1000)));
        return sendPage(
          reply,
          form(details.uid, email, throttleText(verdict.kind, verdict.retryAfterMs)),
          429,
        );
      }
      const account = email && password ? await checkStaffSignIn(ctx, email, password) : null;
      if (!account) {
        const failed = ctx.staffThrottle.fail(keys, address, { reason: 'wrong email or password' });
        const alert =
          failed.retryAfterMs > 0
            ? `${WRONG_CREDENTIALS} ${throttleText(failed.locked ? 'locked' : 'wait', failed.retryAfterMs)}`
            : WRONG_CREDENTIALS;
        if (failed.retryAfterMs > 0)
          reply.header('Retry-After', String(Math.ceil(failed.retryAfterMs / 1000)));
        await notSoonerThan(arrived, throttle.minFailureAnswerMs);
        return sendPage(reply, form(details.uid, email, alert));
      }
      ctx.staffThrottle.succeed(keys[0]!, address, { userId: account.id, partnerId: account.partnerId });
      await forgetOtherAccountsSession(provider, details, account.id);
      // The login settles the desk's consent too, so the provider goes straight on to the callback.
      const grant = new provider.Grant({ clientId: DESK_CLIENT_ID, accountId: account.id });
      grant.addOIDCScope(DESK_SCOPES.join(' '));
      const grantId = await grant.save();
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: account.id }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    },
  );
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
  // oidc-provider keeps its own time (Date.now): the interaction's expiry is read on that clock.
  await details.save(details.exp - Math.floor(Date.now() / 1000));
}
