// A sandbox service given by URL (`--sandbox-url`) without credentials: only when a person asks for a
// practice partner on purpose (`--new-partner`) its control API (contract §10, with the control
// secret that sandbox printed) creates one for this desk, whose credentials the host prints and the
// core keeps in the keychain. A new partner sees none of the branch's cases, so without that request
// the host refuses to start instead.
import { z } from 'zod';
import { SANDBOX_CONTROL_SECRET_HEADER } from '../../shared/api/sandbox.js';
import { ROUTES, routePath } from '../../shared/api/routes.js';

const PartnerSchema = z.looseObject({ clientId: z.string().min(1), clientSecret: z.string().min(1) });
export type SandboxPartner = z.infer<typeof PartnerSchema>;

export class SandboxPartnerError extends Error {
  override readonly name = 'SandboxPartnerError';
}

/** The host would have to become a partner nobody asked for: the person passes credentials or --new-partner. */
export class SandboxCredentialsMissing extends Error {
  override readonly name = 'SandboxCredentialsMissing';
  constructor(readonly sandboxUrl: string) {
    super(
      `no credentials are saved on this laptop for the sandbox at ${sandboxUrl}: pass the branch's client id and secret with --client-id and --client-secret, or --new-partner to practise as a new partner that sees none of the branch's cases`,
    );
  }
}

/** A practice partner asked for where this laptop already signs in: its work belongs to that partner. */
export class SandboxPartnerExists extends Error {
  override readonly name = 'SandboxPartnerExists';
  constructor(readonly sandboxUrl: string) {
    super(
      `this laptop already signs in to the sandbox at ${sandboxUrl} with saved credentials, and its cases belong to that partner: start without --new-partner, or with another --data-dir to practise as a new partner`,
    );
  }
}

export async function createSandboxPartner(
  sandboxUrl: string,
  name: string,
  controlSecret?: string,
): Promise<SandboxPartner> {
  let res: Response;
  try {
    res = await fetch(new URL(routePath(ROUTES.createPartner, {}), sandboxUrl), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(controlSecret ? { [SANDBOX_CONTROL_SECRET_HEADER]: controlSecret } : {}),
      },
      body: JSON.stringify({ name }),
    });
  } catch (error) {
    throw new SandboxPartnerError(
      `The sandbox at ${sandboxUrl} cannot be reached (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const parsed = PartnerSchema.safeParse(await res.json().catch(() => null));
  if (res.status === 401) {
    throw new SandboxPartnerError(
      `The sandbox at ${sandboxUrl} asks for its control secret to create a partner: pass the one it printed at start with --sandbox-control-secret, or give --client-id and --client-secret.`,
    );
  }
  if (!res.ok || !parsed.success) {
    throw new SandboxPartnerError(
      `The service at ${sandboxUrl} did not create a sandbox partner (HTTP ${res.status}); it may not be a sandbox.`,
    );
  }
  return parsed.data;
}
