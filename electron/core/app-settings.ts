// The laptop's settings (theme, retention, idle lock, offline unlock window, how old a proof of
// address may be), with defaults for what was never saved.
import { SettingsSchema, type Settings } from '../../shared/ipc/model.js';
import type { SettingsRepository } from './db/index.js';

const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  retentionDays: 30,
  idleLockMinutes: 15,
  offlineUnlockDays: 7,
  proofOfAddressMonths: 3,
};
const SETTINGS_KEY = 'app';

export class AppSettings {
  constructor(private readonly repo: SettingsRepository) {}

  get(): Settings {
    return { ...DEFAULT_SETTINGS, ...(this.repo.get(SETTINGS_KEY, SettingsSchema.partial()) ?? {}) };
  }

  save(next: Settings): Settings {
    this.repo.set(SETTINGS_KEY, SettingsSchema, next);
    return this.get();
  }
}
