// The current access token of a profile. Kept in the keychain rather than memory only so a restart
// within the token's lifetime does not cost a token request (and works when offline the moment
// the app starts, then online a minute later).
import { z } from 'zod';
import { parseJsonEntry } from './credential-store.js';
import type { SecretStoreFactory } from './secret-store.js';
import { profileService } from './service-names.js';

export const StoredTokenSchema = z.object({
  accessToken: z.string().min(1),
  /** Epoch milliseconds at which the service stops accepting the token. */
  expiresAt: z.number().int().nonnegative(),
});
export type StoredToken = z.infer<typeof StoredTokenSchema>;

const ACCOUNT = 'access-token';

/** Renew this long before expiry so a request does not leave with a token that dies in flight. */
export const TOKEN_EXPIRY_MARGIN_MS = 60_000;

export class TokenStore {
  constructor(private readonly stores: SecretStoreFactory) {}

  async save(profileId: string, token: StoredToken): Promise<void> {
    const value = StoredTokenSchema.parse(token);
    await this.stores(profileService(profileId)).set(ACCOUNT, JSON.stringify(value));
  }

  async load(profileId: string): Promise<StoredToken | null> {
    return parseJsonEntry(await this.stores(profileService(profileId)).get(ACCOUNT), StoredTokenSchema);
  }

  /** The saved token when it is still usable at `now` (with the margin), else null. */
  async loadUsable(profileId: string, now: number = Date.now()): Promise<StoredToken | null> {
    const token = await this.load(profileId);
    return token && isTokenUsable(token, now) ? token : null;
  }

  async clear(profileId: string): Promise<boolean> {
    return this.stores(profileService(profileId)).delete(ACCOUNT);
  }
}

export function isTokenUsable(token: StoredToken, now: number): boolean {
  return token.expiresAt - TOKEN_EXPIRY_MARGIN_MS > now;
}

/** Builds the stored form from the token endpoint's `expires_in` (seconds). */
export function tokenFromExpiresIn(
  accessToken: string,
  expiresInSeconds: number,
  now: number = Date.now(),
): StoredToken {
  return { accessToken, expiresAt: now + Math.max(0, Math.floor(expiresInSeconds)) * 1000 };
}
