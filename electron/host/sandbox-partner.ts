// A sandbox service given by URL (`--sandbox-url`) without credentials: its control API (contract
// §10) creates a partner for this desk, whose credentials the host prints and the core keeps in the
// keychain, so the next start signs in with them.
import { z } from 'zod';

const PartnerSchema = z.looseObject({ clientId: z.string().min(1), clientSecret: z.string().min(1) });
export type SandboxPartner = z.infer<typeof PartnerSchema>;

export class SandboxPartnerError extends Error {
  override readonly name = 'SandboxPartnerError';
}

export async function createSandboxPartner(sandboxUrl: string, name: string): Promise<SandboxPartner> {
  let res: Response;
  try {
    res = await fetch(new URL('/sandbox/v1/partners', sandboxUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name }),
    });
  } catch (error) {
    throw new SandboxPartnerError(
      `The sandbox at ${sandboxUrl} cannot be reached (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const parsed = PartnerSchema.safeParse(await res.json().catch(() => null));
  if (!res.ok || !parsed.success) {
    throw new SandboxPartnerError(
      `The service at ${sandboxUrl} did not create a sandbox partner (HTTP ${res.status}); it may not be a sandbox.`,
    );
  }
  return parsed.data;
}
