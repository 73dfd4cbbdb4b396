// What every screen shares: the core's status (environment, connectivity, unsent count), settings
// and the cached look-ups. Kept current by the core's events.
import { emptyLookupBundle, type LookupBundle, type Settings, type Status } from '../../shared/ipc/index.js';
import { call, desk, messageOf } from './desk.js';

export class AppState {
  status = $state<Status | null>(null);
  settings = $state<Settings | null>(null);
  lookups = $state<LookupBundle>(emptyLookupBundle());
  loadError = $state<string | null>(null);
  ready = $state(false);

  unsent = $derived(this.status?.unsentCount ?? 0);
  environment = $derived(this.status?.profile?.kind ?? null);
  /** The active profile's id: screens that list work reload when it changes. */
  profileId = $derived(this.status?.profile?.id ?? null);
  elsewhere = $derived(this.status?.elsewhere ?? []);
  connectivity = $derived(this.status?.connectivity ?? 'checking');
  currentUser = $derived(this.lookups.users.find((u) => u.id === this.settings?.currentUserId) ?? null);

  async start(): Promise<void> {
    try {
      const api = desk();
      api.on('status.changed', (status) => {
        this.status = status;
        if (status.connectivity === 'online' && this.lookups.fetchedAt === null) void this.refreshLookups();
      });
      // Events sent before the event stream connected are not replayed, so the status is also
      // read now and then; until the look-ups are cached, they are asked for while online.
      setInterval(() => {
        void this.refreshStatus()
          .then(() => {
            if (this.lookups.fetchedAt === null && this.status?.connectivity === 'online')
              return this.refreshLookups();
          })
          .catch(() => undefined);
      }, 3000);
      const [status, settings, lookups] = await Promise.all([
        call('status.get', {}),
        call('settings.get', {}),
        call('lookups.get', {}),
      ]);
      this.status = status;
      this.settings = settings;
      this.lookups = lookups;
      this.applyTheme();
      this.followSystemTheme();
      this.ready = true;
      if (lookups.fetchedAt === null && status.connectivity === 'online') void this.refreshLookups();
    } catch (error) {
      this.loadError = messageOf(error);
    }
  }

  private refreshing: Promise<void> | null = null;

  refreshLookups(): Promise<void> {
    this.refreshing ??= call('lookups.refresh', {})
      .then((lookups) => {
        this.lookups = lookups;
      })
      .catch(() => {
        // Offline or not signed in: the cached look-ups stay in use.
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  async refreshStatus(): Promise<void> {
    this.status = await call('status.get', {});
  }

  async updateSettings(changes: Partial<Settings>): Promise<void> {
    this.settings = await call('settings.update', changes);
    this.applyTheme();
  }

  /** "Follow the system" follows it live: the OS switching to dark turns the app dark at once. */
  private followSystemTheme(): void {
    const query = window.matchMedia?.('(prefers-color-scheme: dark)');
    query?.addEventListener('change', () => {
      if ((this.settings?.theme ?? 'system') === 'system') this.applyTheme();
    });
  }

  applyTheme(): void {
    const theme = this.settings?.theme ?? 'system';
    const dark =
      theme === 'dark' || (theme === 'system' && window.matchMedia?.('(prefers-color-scheme: dark)').matches);
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }
}

export const app = new AppState();
