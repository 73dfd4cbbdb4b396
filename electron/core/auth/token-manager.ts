// OAuth2 client-credentials tokens for one environment profile (contract §1). Credentials and the
// current token live only in the keychain stores; this class keeps the token in memory too, and
// refreshes single-flight so that four uploads hitting 401 together cause one token request.
import axios, { type AxiosInstance } from 'axios';
import { TokenResponseSchema } from '../../../shared/api/index.js';
import { ApiError, classifyError } from '../api/errors.js';
import type { ClientCredentials, CredentialStore, TokenStore } from '../keychain/index.js';

export interface TokenManagerOptions {
  profileId: string;
  /** Full URL of the token endpoint, `{baseUrl}/oauth/token` unless the profile says otherwise. */
  tokenUrl: string;
  credentials: CredentialStore;
  tokens: TokenStore;
  http?: AxiosInstance;
  now?: () => number;
}

interface Held {
  accessToken: string;
  expiresAt: number;
  margin: number;
}

export class TokenManager {
  private held: Held | null = null;
  private pending: Promise<Held> | null = null;
  /** Tokens the service refused: never taken back from the keychain copy. */
  private readonly rejected = new Set<string>();
  private readonly http: AxiosInstance;
  private readonly now: () => number;
  /** Token requests sent, for tests that check a refresh happens once. */
  requests = 0;

  constructor(private readonly opts: TokenManagerOptions) {
    this.http = opts.http ?? axios.create({ timeout: 30_000 });
    this.now = opts.now ?? Date.now;
  }

  get profileId(): string {
    return this.opts.profileId;
  }

  /** A usable access token: held, saved in the keychain, or freshly fetched (single-flight). */
  async getToken(): Promise<string> {
    if (this.held && this.usable(this.held)) return this.held.accessToken;
    if (!this.pending) {
      this.pending = this.obtain().finally(() => {
        this.pending = null;
      });
    }
    return (await this.pending).accessToken;
  }

  /** The service refused `token`; the next getToken fetches a new one unless another caller already did. */
  invalidate(token: string): void {
    this.rejected.add(token);
    if (this.held?.accessToken === token) this.held = null;
  }

  /** Tries credentials without saving them; saves them and the token when the service accepts them. */
  async signIn(credentials: ClientCredentials): Promise<void> {
    const held = await this.fetchToken(credentials);
    await this.opts.credentials.save(this.opts.profileId, credentials);
    await this.opts.tokens.save(this.opts.profileId, {
      accessToken: held.accessToken,
      expiresAt: held.expiresAt,
    });
    this.held = held;
  }

  async signOut(): Promise<void> {
    this.held = null;
    await this.opts.tokens.clear(this.opts.profileId);
    await this.opts.credentials.remove(this.opts.profileId);
  }

  async hasCredentials(): Promise<boolean> {
    return this.opts.credentials.hasCredentials(this.opts.profileId);
  }

  private usable(held: Held): boolean {
    return held.expiresAt - held.margin > this.now();
  }

  private async obtain(): Promise<Held> {
    const saved = await this.opts.tokens.load(this.opts.profileId);
    // A token saved by an earlier run (or a refresh another caller finished) is reused while it lives.
    if (saved && !this.rejected.has(saved.accessToken)) {
      const candidate = { ...saved, margin: 60_000 };
      if (this.usable(candidate)) {
        this.held = candidate;
        return candidate;
      }
    }
    const credentials = await this.opts.credentials.load(this.opts.profileId);
    if (!credentials) throw new ApiError('needs-sign-in', 'Sign in to this environment to send your work.');
    const held = await this.fetchToken(credentials);
    await this.opts.tokens.save(this.opts.profileId, {
      accessToken: held.accessToken,
      expiresAt: held.expiresAt,
    });
    this.held = held;
    return held;
  }

  private async fetchToken(credentials: ClientCredentials): Promise<Held> {
    this.requests += 1;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    });
    let data: unknown;
    try {
      const answer = await this.http.post(this.opts.tokenUrl, form.toString(), {
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      });
      data = answer.data;
    } catch (error) {
      const failure = classifyError(error);
      // The token endpoint answers 400/401 for unknown or revoked credentials: a person must act.
      if (failure.status === 400 || failure.status === 401 || failure.status === 403) {
        throw new ApiError(
          'needs-sign-in',
          'The service refused these credentials. Check the client id and secret.',
          failure.status,
        );
      }
      throw failure;
    }
    const parsed = TokenResponseSchema.safeParse(data);
    if (!parsed.success)
      throw new ApiError('permanent', 'The token endpoint gave an answer that is not a token');
    const lifetime = parsed.data.expires_in * 1000;
    // Renew a little before expiry; short-lived tokens (tests) keep most of their life.
    return {
      accessToken: parsed.data.access_token,
      expiresAt: this.now() + lifetime,
      margin: Math.min(60_000, lifetime / 10),
    };
  }
}
