// What every screen shares: the core's status, settings and look-ups, kept current by its events.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyLookupBundle, type Settings, type Status } from '../../../../shared/ipc/index.js';
import { AppState } from '../../../../renderer/lib/app-state.svelte.js';
import { installFakeDesk, runEverythingPending, type FakeDesk } from './fake-desk.js';

const settings = (changes: Partial<Settings> = {}): Settings => ({
  theme: 'light',
  retentionDays: 30,
  idleLockMinutes: 15,
  offlineUnlockDays: 7,
  proofOfAddressMonths: 3,
  ...changes,
});

const reviewer = {
  userId: 'u-2',
  name: 'Pieter Reviewer',
  email: 'pieter@bank.example',
  roles: ['reviewer'],
  partnerId: 'p-1',
  signedInWith: 'identity-provider',
  hasPassphrase: true,
  lastOnlineSignInAt: '2026-11-26T08:00:00.000Z',
};

const status = (
  unsentCount: number,
  connectivity: Status['connectivity'] = 'offline',
  staff: { locked: boolean } | null = { locked: false },
) =>
  ({
    unsentCount,
    connectivity,
    profile: null,
    elsewhere: [],
    staff: staff ? { ...reviewer, ...staff } : null,
    currentUserId: staff && !staff.locked ? reviewer.userId : null,
  }) as unknown as Status;

function answerStart(fake: FakeDesk): void {
  fake.answer('status.get', () => status(2));
  fake.answer('settings.get', () => settings());
  fake.answer('lookups.get', () => ({
    ...emptyLookupBundle(),
    users: [
      { id: 'u-1', name: 'Zanele Capturer', role: 'capturer' },
      { id: 'u-2', name: 'Pieter Reviewer', role: 'reviewer' },
    ],
  }));
}

describe('AppState', () => {
  // The screen's root element and the timer the state polls with: the runes run under Node here.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    (globalThis as { document?: unknown }).document = { documentElement: { dataset: {} } };
  });
  afterEach(() => vi.useRealTimers());

  it('shows the unsent count and the person acting once started, and follows the core’s status', async () => {
    const fake = installFakeDesk();
    answerStart(fake);
    const app = new AppState();
    await app.start();
    expect(app.ready).toBe(true);
    expect(app.unsent).toBe(2);
    expect(app.staff?.name).toBe('Pieter Reviewer');
    expect(app.unlocked).toBe(true);
    // Read beside the first screen, not before it.
    await vi.waitFor(() => expect(app.lookups.users).toHaveLength(2));

    fake.emit('status.changed', status(7));
    expect(app.unsent).toBe(7);
  });

  it('reads the look-ups only once the first screen has its own answer', async () => {
    vi.useFakeTimers();
    const fake = installFakeDesk();
    answerStart(fake);
    let firstRowsIn: () => void = () => undefined;
    const app = new AppState();
    app.holdLookupsUntil(new Promise<void>((resolve) => (firstRowsIn = resolve)));
    await app.start();
    expect(app.unlocked).toBe(true);
    await runEverythingPending();
    expect(fake.calls.map((c) => c.channel)).not.toContain('lookups.get');

    firstRowsIn();
    await vi.waitFor(() => expect(app.lookups.users).toHaveLength(2));
  });

  it('shows nothing of the cases while locked, and reads the look-ups once unlocked', async () => {
    const fake = installFakeDesk();
    answerStart(fake);
    fake.answer('status.get', () => status(2, 'offline', { locked: true }));
    const app = new AppState();
    await app.start();
    expect(app.ready).toBe(true);
    expect(app.unlocked).toBe(false);
    expect(app.currentUserId).toBeNull();
    expect(app.lookups.users).toHaveLength(0);

    fake.emit('status.changed', status(2, 'offline', { locked: false }));
    await vi.waitFor(() => expect(app.lookups.users).toHaveLength(2));
    expect(app.currentUserId).toBe('u-2');
  });

  it('asks the service for the look-ups only when none are cached here, however often the status arrives', async () => {
    vi.useFakeTimers();
    const fake = installFakeDesk();
    answerStart(fake);
    fake.answer('status.get', () => status(2, 'online'));
    const cached = { ...emptyLookupBundle(), fetchedAt: '2026-11-26T07:00:00.000Z' };
    let answerLookups: (bundle: typeof cached) => void = () => undefined;
    fake.answer('lookups.get', () => new Promise((resolve) => (answerLookups = resolve)));
    fake.answer('lookups.refresh', () => cached);
    const app = new AppState();
    await app.start();
    // The core's event repeats the status while the cached look-ups are still on their way.
    fake.emit('status.changed', status(3, 'online'));
    answerLookups(cached);
    await vi.waitFor(() => expect(app.lookups.fetchedAt).toBe(cached.fetchedAt));
    fake.emit('status.changed', status(4, 'online'));
    // A minute of the status read every 3 s as well.
    await runEverythingPending();
    expect(fake.calls.filter((c) => c.channel === 'status.get').length).toBeGreaterThan(10);
    expect(fake.calls.filter((c) => c.channel === 'lookups.refresh')).toHaveLength(0);
    expect(fake.calls.filter((c) => c.channel === 'lookups.get')).toHaveLength(1);
  });

  it('applies the chosen theme to the page as soon as the settings are saved', async () => {
    const fake = installFakeDesk();
    answerStart(fake);
    fake.answer('settings.update', (input) => settings(input as Partial<Settings>));
    const app = new AppState();
    await app.start();
    expect(document.documentElement.dataset.theme).toBe('light');

    await app.updateSettings({ theme: 'dark' });
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('says why it could not start instead of showing an empty app', async () => {
    const fake = installFakeDesk();
    answerStart(fake);
    fake.answer('settings.get', () => {
      throw new Error('The core is not answering');
    });
    const app = new AppState();
    await app.start();
    expect(app.ready).toBe(false);
    expect(app.loadError).toMatch(/not answering|went wrong/);
  });
});
