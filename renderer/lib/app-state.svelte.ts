// What every screen shares: the core's status (environment, connectivity, unsent count), settings
// and the cached look-ups. Kept current by the core's events.
import type { LookupBundle, Settings, Status } from '../../shared/ipc/index.js';
import { emptyLookupBundle } from '../../shared/ipc/empty-lookups.js';
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
  /** The person signed in to the active environment (locked or not). */
  staff = $derived(this.status?.staff ?? null);
  /** Who acts now: signed in and unlocked. */
  currentUserId = $derived(this.status?.currentUserId ?? null);
  /** Nothing of the cases is shown until someone is signed in and the app is unlocked. */
  unlocked = $derived(this.staff !== null && !this.staff.locked);

  /** The cached look-ups read at the last unlock. */
  private lookupsRead: Promise<void> = Promise.resolve();
  /** Until this settles the look-ups are not read: see holdLookupsUntil. */
  private lookupsHeld: Promise<unknown> = Promise.resolve();
  private refreshing: Promise<void> | null = null;

  async start(): Promise<void> {
    try {
      const api = desk();
      api.on('status.changed', (status) => this.statusArrived(status));
      // Events sent before the event stream connected are not replayed, so the status is also
      // read now and then (and with it, until the look-ups are cached, they are asked for online).
      setInterval(() => void this.refreshStatus().catch(() => undefined), 3000);
      const [status, settings] = await Promise.all([call('status.get', {}), call('settings.get', {})]);
      this.settings = settings;
      this.applyTheme();
      this.followSystemTheme();
      this.statusArrived(status);
      this.ready = true;
    } catch (error) {
      this.loadError = messageOf(error);
    }
  }

  /**
   * The look-ups wait for the first screen's own answer: the first rows need none of them, and
   * reading them (a large answer) would otherwise compete with those rows for the core and the page.
   */
  holdLookupsUntil(done: Promise<unknown>): void {
    this.lookupsHeld = done.catch(() => undefined);
  }

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
    this.statusArrived(await call('status.get', {}));
  }

  /** The look-ups are read once someone is signed in and unlocked (the core shows nothing before). */
  private statusArrived(status: Status): void {
    const wasUnlocked = this.unlocked;
    // The same status again (the event stream opens with the one just read, the poll repeats it)
    // is not set: a new object would redraw everything that shows the status, the header first.
    if (JSON.stringify(status) !== JSON.stringify(this.status)) this.status = status;
    if (!this.unlocked) return;
    // Not awaited: the first screen shows while they are read (its lists do not need them).
    if (!wasUnlocked) this.lookupsRead = this.readLookups();
    // Fetched from the service only when none are cached here, which is known once they are read.
    if (status.connectivity === 'online')
      void this.lookupsRead.then(() => {
        if (this.lookups.fetchedAt === null && this.unlocked) return this.refreshLookups();
      });
  }

  private async readLookups(): Promise<void> {
    await this.lookupsHeld;
    if (!this.unlocked) return;
    try {
      this.lookups = await call('lookups.get', {});
    } catch {
      // Locked again meanwhile: read at the next unlock.
    }
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
