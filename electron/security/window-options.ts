// The main window's options. Kept free of Electron so unit tests can pin every security-relevant
// setting; electron/main assigns this to Electron's own types, so tsc checks the names too.

/** The webPreferences keys that matter for security, each set to its safe value. */
export interface HardenedWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  experimentalFeatures: false;
  webviewTag: false;
  navigateOnDragDrop: false;
  spellcheck: false;
  safeDialogs: true;
  disableDialogs: false;
  disableBlinkFeatures: string;
  devTools: boolean;
}

export interface MainWindowOptions {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  title: string;
  show: false;
  backgroundColor: string;
  webPreferences: HardenedWebPreferences;
}

export interface WindowOptionsInput {
  /** Absolute path of the bundled CommonJS preload. */
  preloadPath: string;
  /** Dev tools stay available in development builds only. */
  devTools: boolean;
}

export function hardenedWebPreferences(input: WindowOptionsInput): HardenedWebPreferences {
  return {
    preload: input.preloadPath,
    // Isolation + sandbox: the page cannot reach the preload's scope or any Node API.
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    // A file dropped on the window must not replace the app; capture handles drops itself.
    navigateOnDragDrop: false,
    // Spellcheck would send typed client details to a dictionary service and store them locally.
    spellcheck: false,
    safeDialogs: true,
    disableDialogs: false,
    // Middle-click would ask for a new window; refused anyway, but the event need not exist.
    disableBlinkFeatures: 'Auxclick',
    devTools: input.devTools,
  };
}

export function mainWindowOptions(input: WindowOptionsInput): MainWindowOptions {
  return {
    width: 1280,
    height: 840,
    minWidth: 960,
    minHeight: 640,
    title: 'FICA Desk',
    // Shown on 'ready-to-show' so staff never see a blank white frame.
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: hardenedWebPreferences(input),
  };
}
