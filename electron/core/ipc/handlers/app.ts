// The app's own channels: what it is, its status bar, and its settings.
import type { ChannelOutput } from '../../../../shared/ipc/contract.js';
import type { Settings, Status } from '../../../../shared/ipc/model.js';
import type { HandlersOf } from './group.js';

export interface AppHandlerDeps {
  info: ChannelOutput<'app.info'>;
  status(): Status;
  settings(): Settings;
  /** Keeps the settings and tells the status bar. */
  saveSettings(next: Settings): Settings;
}

export function appHandlers(deps: AppHandlerDeps): HandlersOf<'app' | 'status' | 'settings'> {
  return {
    'app.info': () => deps.info,
    'status.get': () => deps.status(),
    'settings.get': () => deps.settings(),
    'settings.update': (patch) => deps.saveSettings({ ...deps.settings(), ...patch }),
  };
}
