// The one BrowserWindow. Its options come from electron/security/window-options.ts; the compile-time
// check below makes tsc refuse a hardened key that Electron does not know (a typo would be ignored
// at run time and silently fall back to a default).
import { BrowserWindow, type BrowserWindowConstructorOptions, type WebPreferences } from 'electron';
import { mainWindowOptions, type HardenedWebPreferences } from '../security/window-options.js';
import { APP_ENTRY_URL } from '../security/app-origin.js';

type UnknownToElectron = Exclude<keyof HardenedWebPreferences, keyof WebPreferences>;
const everyKeyKnown: [UnknownToElectron] extends [never] ? true : UnknownToElectron = true;
void everyKeyKnown;

export function createMainWindow(options: { preloadPath: string; devTools: boolean }): BrowserWindow {
  const windowOptions: BrowserWindowConstructorOptions = mainWindowOptions(options);
  const window = new BrowserWindow(windowOptions);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_ENTRY_URL);
  return window;
}
