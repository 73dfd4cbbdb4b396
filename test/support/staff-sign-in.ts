// Signing staff in as a person does, with real parts: the core's own sign-in (PKCE, loopback
// redirect), the sandbox's identity provider and its sign-in form, driven over HTTP with a cookie
// jar instead of a browser. Passwords are set through the sandbox's control API.
import type { Host } from '../../electron/host/index.js';
import type { StaffRole } from '../../shared/domain/staff-roles.js';
import { SANDBOX_CONTROL_SECRET_HEADER } from '../../shared/api/sandbox.js';
import { signInToLoopback } from './oidc-login.js';
import { controlHeaders } from './control-secrets.js';

export const TEST_STAFF_PASSWORD = 'correct horse battery staple';
export const TEST_OFFLINE_PASSPHRASE = 'offline passphrase for tests';

export interface StaffAccount {
  userId: string;
  email: string;
  name: string;
  role: StaffRole;
}

/**
 * A sandbox service as the tests reach it: its address, its partner's client credentials, and the
 * secret its control API asks for (by default the one test/support/sandbox.ts noted for its address).
 */
export interface StaffService {
  url: string;
  clientId: string;
  clientSecret: string;
  controlSecret?: string | null;
}

/** A host's embedded sandbox as the sign-in helpers reach it (null when it runs without one). */
export function staffServiceOf(host: Pick<Host, 'sandbox'>): StaffService | null {
  const sandbox = host.sandbox;
  return sandbox
    ? {
        url: sandbox.url,
        clientId: sandbox.demoPartner.clientId,
        clientSecret: sandbox.demoPartner.clientSecret,
        controlSecret: sandbox.controlSecret,
      }
    : null;
}

/** The partner's three sign-in accounts, each given TEST_STAFF_PASSWORD. */
export async function prepareStaff(service: StaffService): Promise<StaffAccount[]> {
  const token = await fetch(`${service.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: service.clientId,
      client_secret: service.clientSecret,
    }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const partner = await fetch(`${service.url}/api/v1/settings/partner`, {
    headers: { authorization: `Bearer ${token.access_token}` },
  }).then((r) => r.json() as Promise<{ id: string }>);
  const control = service.controlSecret
    ? { [SANDBOX_CONTROL_SECRET_HEADER]: service.controlSecret }
    : controlHeaders(service.url);
  const users = await fetch(`${service.url}/sandbox/v1/partners/${partner.id}/users`, {
    headers: control,
  }).then((r) => r.json() as Promise<StaffAccount[]>);
  for (const user of users) {
    const res = await fetch(
      `${service.url}/sandbox/v1/partners/${partner.id}/users/${user.userId}/password`,
      {
        method: 'PUT',
        headers: { ...control, 'content-type': 'application/json' },
        body: JSON.stringify({ password: TEST_STAFF_PASSWORD }),
      },
    );
    if (res.status !== 204) throw new Error(`Setting ${user.email}'s password answered ${res.status}`);
  }
  return users;
}

/**
 * Follows the authorization request through the identity provider's sign-in form and returns the
 * loopback callback URL it redirects to (not fetched). Throws with the page shown when refused.
 */
export async function submitSignInForm(
  authorizationUrl: string,
  email: string,
  password: string,
): Promise<string> {
  return (await signInToLoopback(authorizationUrl, email, password)).href;
}

type Invoke = (channel: string, input: unknown) => Promise<unknown>;

/**
 * Signs `role` in through any way of calling the core (the harness, a bare Core, the host's
 * bridge): begin, the form, the loopback redirect, then waits until the core says so.
 */
export async function signInThrough(
  invoke: Invoke,
  service: StaffService,
  role: StaffRole,
): Promise<StaffAccount> {
  const account = (await prepareStaff(service)).find((a) => a.role === role);
  if (!account) throw new Error(`The sandbox partner has no ${role}.`);
  await signInWithPassword(invoke, account.email, TEST_STAFF_PASSWORD);
  return account;
}

/** Signs the person with this email and password in through the core, and waits until it says so. */
export async function signInWithPassword(invoke: Invoke, email: string, password: string): Promise<void> {
  const { url } = (await invoke('staff.beginSignIn', {})) as { url: string };
  const answer = await fetch(await submitSignInForm(url, email, password));
  if (!answer.ok) throw new Error(`The loopback sign-in answered ${answer.status}: ${await answer.text()}`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = (await invoke('status.get', {})) as { staff: { email: string; locked: boolean } | null };
    if (status.staff?.email === email && !status.staff.locked) return;
    if (Date.now() > deadline) throw new Error(`${email} was not signed in within 30 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `signInThrough` for a bare Core: its handle() answers an IpcResult. */
export function coreInvoke(core: {
  handle(
    channel: string,
    input: unknown,
  ): Promise<{ ok: true; value: unknown } | { ok: false; error: { message: string } }>;
}): Invoke {
  return async (channel, input) => {
    const result = await core.handle(channel, input);
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };
}
