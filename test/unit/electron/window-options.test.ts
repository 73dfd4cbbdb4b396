import { describe, expect, it } from 'vitest';
import { hardenedWebPreferences, mainWindowOptions } from '../../../electron/security/window-options.js';

const input = { preloadPath: '/app/dist/electron/preload/index.cjs', devTools: false };

describe('main window options', () => {
  it('pins every security-relevant webPreferences value and adds nothing else', () => {
    expect(hardenedWebPreferences(input)).toStrictEqual({
      preload: '/app/dist/electron/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      disableDialogs: false,
      disableBlinkFeatures: 'Auxclick',
      devTools: false,
    });
  });

  it('never sets options that widen the renderer', () => {
    const prefs: Record<string, unknown> = { ...hardenedWebPreferences({ ...input, devTools: true }) };
    for (const key of [
      'enableBlinkFeatures',
      'additionalArguments',
      'partition',
      'session',
      'plugins',
      'enableRemoteModule',
    ]) {
      expect(prefs, key).not.toHaveProperty(key);
    }
  });

  it('lets dev tools follow the build, nothing else', () => {
    const dev = hardenedWebPreferences({ ...input, devTools: true });
    const prod = hardenedWebPreferences(input);
    expect({ ...dev, devTools: false }).toStrictEqual(prod);
  });

  it('creates the window hidden and uses the hardened preferences', () => {
    const options = mainWindowOptions(input);
    expect(options.show).toBe(false);
    expect(options.webPreferences).toStrictEqual(hardenedWebPreferences(input));
  });
});
