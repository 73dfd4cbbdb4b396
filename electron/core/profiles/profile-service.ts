// Environment profiles and signing in to their services: saving, removing and switching profiles,
// checking credentials with the service before keeping them, and the embedded training sandbox's
// profile made on first run. Work stays with the environment it was captured in, so a profile with
// unsent work keeps its address, and Live is entered only by a confirmed switch.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { z as zod } from 'zod';
import type { ChannelOutput, Channels } from '../../../shared/ipc/contract.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import { plainHttpEndpointIssues } from '../../../shared/ipc/service-endpoint.js';
import { ApiError, classifyError } from '../api/errors.js';
import { TokenManager } from '../auth/token-manager.js';
import type { EnvironmentScope } from '../cases/environment-scope.js';
import type { LookupService } from '../cases/lookups.js';
import { tokenUrlOf, type ProfileRepository, type SettingsRepository } from '../db/index.js';
import type { CredentialStore, TokenStore } from '../keychain/index.js';
import type { Session } from '../session.js';
import type { ConnectivityState } from '../sync/connectivity.js';

/** Settings key of the embedded sandbox's profile id. */
const SANDBOX_PROFILE_KEY = 'sandboxProfileId';
const SandboxIdSchema = z.string().regex(/^sandbox-[0-9a-f]{12}$/);

export interface ProfileServiceDeps {
  profiles: ProfileRepository;
  settings: SettingsRepository;
  session: Session;
  credentials: CredentialStore;
  tokens: TokenStore;
  connectivity: ConnectivityState;
  scope: EnvironmentScope;
  lookups: LookupService;
  /** The insecure development keychain holds the training sandbox only. */
  keychain: 'system' | 'development-file';
  /** Sends what waits at once (after a switch or a sign-in). */
  sendNow: () => void;
  audit: (action: string, caseId: string | null, detail: string) => void;
  statusChanged: () => void;
  /** The active environment changed: who was signed in to the previous one is signed out. */
  activated: () => void;
  /** A removed environment's people are forgotten on this laptop. */
  forgetStaff: (profileId: string) => void;
  log?: (event: string, detail: Record<string, unknown>) => void;
}

type ProfileView = ChannelOutput<'profiles.save'>;

export class ProfileService {
  constructor(private readonly deps: ProfileServiceDeps) {}

  /** Creates or changes a profile; the first one that is not Live becomes active. */
  async save(input: zod.output<Channels['profiles.save']['input']>): Promise<ProfileView> {
    const { profiles, session } = this.deps;
    const fields = {
      name: input.name,
      kind: input.kind,
      baseUrl: input.baseUrl,
      tokenUrl: input.tokenUrl ?? null,
      issuerUrl: input.issuerUrl ?? null,
    };
    if (this.deps.keychain === 'development-file' && input.kind !== 'sandbox') {
      const message =
        'FICA Desk is running with the insecure development keychain, which holds only the training sandbox. Test and live profiles need the OS keychain.';
      // Said under the field it is about, where the form shows it.
      throw new DeskError('not-allowed', message, [{ path: 'kind', message }]);
    }
    let profile;
    if (input.id) {
      const current = profiles.get(input.id);
      if (!current) throw new DeskError('not-found', 'This profile does not exist.');
      this.checkChange(current, fields);
      profile = profiles.update(input.id, fields);
      if (!profile) throw new DeskError('not-found', 'This profile does not exist.');
      if (session.activeId === input.id) session.rebuild();
    } else {
      profile = profiles.create(fields);
      await session.refreshHasCredentials(profile.id);
      // Live is only ever entered by a confirmed switch.
      if (!session.activeId && profile.kind !== 'live') await this.activate(profile.id);
    }
    this.deps.audit('profile.save', null, `Profile ${profile.name} saved`);
    return session.view(profile);
  }

  /**
   * A profile's service address and kind say where its work goes: while it has unsent work they
   * stay as they are (the work must reach the service it was captured for), and the active profile
   * is not turned into Live in place (Live is entered by a confirmed switch).
   */
  private checkChange(
    current: { id: string; kind: string; baseUrl: string; tokenUrl: string | null },
    next: { kind: string; baseUrl: string; tokenUrl: string | null },
  ): void {
    const moved =
      next.baseUrl !== current.baseUrl || next.tokenUrl !== current.tokenUrl || next.kind !== current.kind;
    const unsent = this.deps.scope.unsentOf(current.id);
    if (moved && unsent > 0) {
      const message = `This environment has ${unsent} unsent item${unsent === 1 ? '' : 's'} captured for ${current.baseUrl}. Send or discard them before changing its address or kind.`;
      const field =
        next.kind !== current.kind ? 'kind' : next.baseUrl !== current.baseUrl ? 'baseUrl' : 'tokenUrl';
      throw new DeskError('not-allowed', message, [{ path: field, message }]);
    }
    if (next.kind === 'live' && current.kind !== 'live' && this.deps.session.activeId === current.id) {
      const message = 'Switch to another environment before making this one Live.';
      throw new DeskError('not-allowed', message, [{ path: 'kind', message }]);
    }
  }

  async remove(id: string): Promise<void> {
    const unsent = this.deps.scope.unsentOf(id);
    if (unsent > 0) {
      throw new DeskError(
        'not-allowed',
        `This profile still has ${unsent} unsent item${unsent === 1 ? '' : 's'}. Switch to it and send or discard them before removing the profile.`,
      );
    }
    await this.signOut(id).catch(() => undefined);
    if (!this.deps.profiles.remove(id)) throw new DeskError('not-found', 'This profile does not exist.');
    this.deps.lookups.forget(id);
    this.deps.forgetStaff(id);
    const active = this.deps.session.activeId;
    if (active === null || active === id) await this.activate(null);
    this.deps.audit('profile.remove', null, 'Profile removed');
  }

  /** A person's switch: to Live only with their confirmation. */
  async switchTo(id: string, confirmLive: boolean | undefined): Promise<void> {
    const profile = this.deps.profiles.get(id);
    if (!profile) throw new DeskError('not-found', 'This profile does not exist.');
    if (profile.kind === 'live' && confirmLive !== true && this.deps.session.activeId !== id) {
      throw new DeskError(
        'not-allowed',
        `Switching to ${profile.name} (Live) needs a person's confirmation: work captured from then on goes to real client records.`,
      );
    }
    await this.activate(id);
  }

  async activate(profileId: string | null): Promise<void> {
    const { session, connectivity } = this.deps;
    await session.activate(profileId);
    this.deps.activated();
    if (profileId) this.assignUnassigned(profileId);
    connectivity.set(
      profileId ? (session.hasCredentials(profileId) ? 'checking' : 'needs-sign-in') : 'no-profile',
    );
    this.deps.statusChanged();
    if (profileId && session.hasCredentials(profileId)) {
      this.deps.sendNow();
      void this.refreshLookupsQuietly();
    }
  }

  /** Saves credentials after the service accepted them; false with the reason otherwise. */
  async signIn(
    profileId: string,
    clientId: string,
    clientSecret: string,
  ): Promise<{ verified: boolean; message: string }> {
    const { profiles, session, connectivity } = this.deps;
    const profile = profiles.get(profileId);
    if (!profile) throw new DeskError('not-found', 'This profile does not exist.');
    const insecure = plainHttpEndpointIssues({ ...profile, tokenUrl: tokenUrlOf(profile) })[0];
    if (insecure)
      return { verified: false, message: `${insecure.message}: change the address in Settings first.` };
    const manager = new TokenManager({
      profileId,
      tokenUrl: tokenUrlOf(profile),
      credentials: this.deps.credentials,
      tokens: this.deps.tokens,
    });
    try {
      await manager.signIn({ clientId, clientSecret });
    } catch (error) {
      const failure = error instanceof ApiError ? error : classifyError(error);
      const message =
        failure.kind === 'needs-sign-in'
          ? 'The service refused these credentials. Check the client id and secret.'
          : failure.kind === 'not-sent' || failure.kind === 'outcome-unknown'
            ? 'The service cannot be reached, so the credentials were not checked or saved. Try again when online.'
            : `The credentials could not be checked: ${failure.message}`;
      this.deps.audit('profile.sign-in-failed', null, 'Sign-in refused or not possible');
      return { verified: false, message };
    }
    session.setHasCredentials(profileId, true);
    this.deps.audit('profile.sign-in', null, 'Signed in');
    if (session.activeId === profileId) {
      session.rebuild();
      connectivity.set('checking');
      this.deps.sendNow();
      await this.refreshLookupsQuietly();
    } else if (!session.activeId && profile.kind !== 'live') await this.activate(profileId);
    this.deps.statusChanged();
    return { verified: true, message: 'Signed in. Queued work will be sent.' };
  }

  async signOut(profileId: string): Promise<void> {
    const { session } = this.deps;
    await this.deps.credentials.remove(profileId);
    await this.deps.tokens.clear(profileId);
    session.setHasCredentials(profileId, false);
    if (session.activeId === profileId) {
      session.rebuild();
      this.deps.connectivity.set('needs-sign-in');
    }
    this.deps.audit('profile.sign-out', null, 'Signed out');
    this.deps.statusChanged();
  }

  async refreshLookupsQuietly(): Promise<void> {
    const id = this.deps.session.activeId;
    const api = this.deps.session.api();
    if (!id || !api) return;
    try {
      await this.deps.lookups.refresh(id, api);
    } catch (error) {
      this.deps.log?.('lookups-refresh-failed', { kind: classifyError(error).kind });
    }
  }

  /** Cases the migration could not place go to the first profile made active (environment-scope.ts). */
  private assignUnassigned(profileId: string): void {
    for (const caseId of this.deps.scope.assignUnassigned(profileId)) {
      this.deps.audit(
        'case.environment-assigned',
        caseId,
        `Assigned to ${this.deps.profiles.get(profileId)?.name ?? 'this environment'}`,
      );
    }
  }

  /**
   * First run with an embedded training sandbox: its "Sandbox" profile, made once per data folder
   * (the keychain is shared by every installation and test run on the machine, and each has its own
   * sandbox), pointed at the sandbox's address, with the credentials given (a recreated sandbox has
   * new ones), and active when no other profile is.
   */
  async ensureSandboxProfile(sandbox: {
    url: string;
    clientId?: string;
    clientSecret?: string;
    issuerUrl?: string;
  }): Promise<void> {
    const { profiles, settings, credentials, tokens, session } = this.deps;
    let sandboxId = settings.get(SANDBOX_PROFILE_KEY, SandboxIdSchema);
    if (!sandboxId) {
      sandboxId = `sandbox-${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      settings.set(SANDBOX_PROFILE_KEY, SandboxIdSchema, sandboxId);
    }
    const existing = profiles.get(sandboxId);
    const issuerUrl = sandbox.issuerUrl ?? null;
    if (!existing)
      profiles.create({ id: sandboxId, name: 'Sandbox', kind: 'sandbox', baseUrl: sandbox.url, issuerUrl });
    else if (existing.baseUrl !== sandbox.url || existing.issuerUrl !== issuerUrl)
      profiles.update(sandboxId, { baseUrl: sandbox.url, issuerUrl });
    const saved = await credentials.load(sandboxId);
    const { clientId, clientSecret } = sandbox;
    if (clientId && clientSecret && (saved?.clientId !== clientId || saved.clientSecret !== clientSecret)) {
      await credentials.save(sandboxId, { clientId, clientSecret });
      await tokens.clear(sandboxId);
    }
    if (!session.activeId) settings.set('activeProfileId', z.string().nullable(), sandboxId);
  }

  /** At start-up: which profiles hold credentials, the active one's client, and where it stands. */
  async restore(): Promise<void> {
    const { profiles, session, connectivity } = this.deps;
    for (const p of profiles.list()) await session.refreshHasCredentials(p.id);
    session.rebuild();
    const active = session.activeId;
    if (active) this.assignUnassigned(active);
    connectivity.set(active ? (session.hasCredentials(active) ? 'checking' : 'needs-sign-in') : 'no-profile');
  }
}
