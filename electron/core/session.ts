// The active environment profile and what it takes to talk to its service: a token manager over the
// keychain and a typed client. Switching profile builds a fresh pair; secrets never leave here.
import type { Profile as IpcProfile } from '../../shared/ipc/model.js';
import { plainHttpEndpointIssues } from '../../shared/ipc/service-endpoint.js';
import { ServiceClient } from './api/client.js';
import type { ReachabilityListener } from './api/http.js';
import { TokenManager } from './auth/token-manager.js';
import { tokenUrlOf, type Profile, type ProfileRepository, type SettingsRepository } from './db/index.js';
import type { CredentialStore, TokenStore } from './keychain/index.js';
import { z } from 'zod';

const ACTIVE_KEY = 'activeProfileId';
const ActiveSchema = z.string().nullable();

export interface SessionDeps {
  profiles: ProfileRepository;
  settings: SettingsRepository;
  credentials: CredentialStore;
  tokens: TokenStore;
  reachability: ReachabilityListener;
}

export class Session {
  private client: ServiceClient | null = null;
  /** The profile `client` was built for: it never follows a later switch. */
  private clientProfileId: string | null = null;
  private manager: TokenManager | null = null;
  private readonly hasCreds = new Map<string, boolean>();

  constructor(private readonly deps: SessionDeps) {}

  /** Read on every queue evaluation: kept in memory, re-read after activate() and rebuild(). */
  private active: { profile: Profile | null } | null = null;

  activeProfile(): Profile | null {
    if (!this.active) {
      const id = this.deps.settings.get(ACTIVE_KEY, ActiveSchema) ?? null;
      this.active = { profile: id ? this.deps.profiles.get(id) : null };
    }
    return this.active.profile;
  }

  get activeId(): string | null {
    return this.activeProfile()?.id ?? null;
  }

  async activate(id: string | null): Promise<void> {
    this.deps.settings.set(ACTIVE_KEY, ActiveSchema, id);
    this.active = null;
    this.rebuild();
    if (id) await this.refreshHasCredentials(id);
  }

  /** A new client and token manager for the active profile (after a switch or a URL change). */
  rebuild(): void {
    this.active = null;
    const profile = this.activeProfile();
    // A test or live profile stored with a plain-http address (by an older version) gets no client:
    // nothing, not even the credentials, is sent to it until its address is changed to https.
    if (!profile || plainHttpEndpointIssues({ ...profile, tokenUrl: tokenUrlOf(profile) }).length > 0) {
      this.client = null;
      this.clientProfileId = null;
      this.manager = null;
      return;
    }
    this.manager = new TokenManager({
      profileId: profile.id,
      tokenUrl: tokenUrlOf(profile),
      credentials: this.deps.credentials,
      tokens: this.deps.tokens,
    });
    // A job of this profile still running after a switch reports nothing about the new one's service.
    const own = profile.id;
    const reachability: ReachabilityListener = {
      reached: () => {
        if (this.activeId === own) this.deps.reachability.reached();
      },
      unreachable: (error) => {
        if (this.activeId === own) this.deps.reachability.unreachable(error);
      },
    };
    this.client = new ServiceClient({ baseUrl: profile.baseUrl, tokens: this.manager, reachability });
    this.clientProfileId = profile.id;
  }

  api(): ServiceClient | null {
    return this.client;
  }

  /**
   * The client of `profileId`'s own service and credentials, and only while that profile is the
   * active one: work is never handed a client of another environment. A caller keeps the client it
   * was given for the rest of its job, so a switch mid-job cannot redirect its later requests.
   */
  clientFor(profileId: string | null): ServiceClient | null {
    if (profileId === null || profileId !== this.clientProfileId || profileId !== this.activeId) return null;
    return this.client;
  }

  tokenManager(): TokenManager | null {
    return this.manager;
  }

  async refreshHasCredentials(profileId: string): Promise<boolean> {
    const has = await this.deps.credentials.hasCredentials(profileId);
    this.hasCreds.set(profileId, has);
    return has;
  }

  hasCredentials(profileId: string): boolean {
    return this.hasCreds.get(profileId) ?? false;
  }

  setHasCredentials(profileId: string, value: boolean): void {
    this.hasCreds.set(profileId, value);
  }

  view(profile: Profile): IpcProfile {
    return {
      id: profile.id,
      name: profile.name,
      kind: profile.kind,
      baseUrl: profile.baseUrl,
      tokenUrl: profile.tokenUrl,
      issuerUrl: profile.issuerUrl,
      hasCredentials: this.hasCredentials(profile.id),
      active: this.activeId === profile.id,
    };
  }
}
