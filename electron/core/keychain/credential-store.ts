// The service's client credentials of one profile, kept as one JSON keychain entry so a half-saved
// pair (id without secret) cannot exist.
import { z } from 'zod';
import type { SecretStoreFactory } from './secret-store.js';
import { profileService } from './service-names.js';

export const ClientCredentialsSchema = z.object({
  clientId: z.string().trim().min(1).max(512),
  clientSecret: z.string().min(1).max(4096),
});
export type ClientCredentials = z.infer<typeof ClientCredentialsSchema>;

const ACCOUNT = 'client-credentials';

export class CredentialStore {
  constructor(private readonly stores: SecretStoreFactory) {}

  async hasCredentials(profileId: string): Promise<boolean> {
    return (await this.load(profileId)) !== null;
  }

  async save(profileId: string, credentials: ClientCredentials): Promise<void> {
    const value = ClientCredentialsSchema.parse(credentials);
    await this.stores(profileService(profileId)).set(ACCOUNT, JSON.stringify(value));
  }

  /** Null when none are saved, or the entry is unreadable (the user re-enters them, which overwrites it). */
  async load(profileId: string): Promise<ClientCredentials | null> {
    const raw = await this.stores(profileService(profileId)).get(ACCOUNT);
    return parseJsonEntry(raw, ClientCredentialsSchema);
  }

  async remove(profileId: string): Promise<boolean> {
    return this.stores(profileService(profileId)).delete(ACCOUNT);
  }
}

/** Parses a JSON keychain entry; anything that does not match the schema counts as absent. */
export function parseJsonEntry<S extends z.ZodType>(raw: string | null, schema: S): z.output<S> | null {
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
