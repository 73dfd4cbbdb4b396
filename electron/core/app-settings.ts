// The laptop's settings (who is using FICA Desk, theme, retention, self-approval), with defaults
// for what was never saved.
import { SettingsSchema, type Settings } from '../../shared/ipc/model.js';
import type { SettingsRepository } from './db/index.js';

const DEFAULT_SETTINGS: Settings = {
  currentUserId: null,
  theme: 'system',
  retentionDays: 30,
  allowSelfApproval: false,
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
