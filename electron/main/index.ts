// Desktop entry point: lifecycle only. Every security decision is made in electron/security and
// every piece of work in the core; this file puts them together in the order Electron requires.
import { app, dialog, ipcMain, session, shell, type BrowserWindow } from 'electron';
import { CHANNEL_NAMES, EVENT_NAMES } from '../../shared/ipc/contract.js';
import { registerIpc } from './ipc.js';
import { createQuitGuard } from './quit-guard.js';
import { configureSession } from './session.js';
import { handleAppProtocol, registerAppScheme } from './protocol.js';
import { hardenWebContents } from './web-contents.js';
import { createMainWindow } from './window.js';
import type { EmbeddedSandbox } from '../host/embedded-sandbox.js';
import { keytarSecretStores } from '../core/keychain/index.js';
import { TRAINING_SANDBOX, resolveStartup } from '../../shared/config/policy.js';
import {
  applyStartup,
  chooserLabel,
  readManagedConfig,
  readPersonChoice,
  savePersonChoice,
} from './startup.js';
import { startCore } from './start-core.js';
import { signInPageUrl } from '../security/sign-in-url.js';
import { PRELOAD_PATH, RENDERER_DIR } from './paths.js';

// A second copy would open the same SQLite database and keychain entries and race the queue.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Sandbox every renderer, including any a library might create.
  app.enableSandbox();
  registerAppScheme();
  app.on('web-contents-created', (_event, contents) =>
    // hardenWebContents hands over only hrefs that passed the external-link allow-list.
    hardenWebContents(contents, (href) => shell.openExternal(href)),
  );
  main().catch((error: unknown) => {
    // Without the core there is nothing safe to show; say why and leave rather than hang.
    dialog.showErrorBox('FICA Desk could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
  });
}

async function main(): Promise<void> {
  let window: BrowserWindow | null = null;

  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  await app.whenReady();
  configureSession(session.defaultSession);
  handleAppProtocol(session.defaultSession, RENDERER_DIR);

  // Where to start: the managed configuration, else the person's earlier choice, else they choose.
  const userData = app.getPath('userData');
  const managed = readManagedConfig(process.platform, process.env);
  const choice = resolveStartup(managed, readPersonChoice(userData));
  let start = choice.start;
  if (start === null) {
    const { response } = await dialog.showMessageBox({
      type: 'question',
      title: 'FICA Desk',
      message: 'Which environment do you want to work in?',
      detail:
        'The training sandbox is for practice with made-up clients. Test and live connect to your bank’s compliance service; real clients go only to live. You can change this later in Settings.',
      buttons: choice.offered.map(chooserLabel),
      cancelId: -1,
      noLink: true,
    });
    if (response < 0 || response >= choice.offered.length) {
      app.quit();
      return;
    }
    start = choice.offered[response]!;
    savePersonChoice(userData, start);
  }
  // Only a start in the training sandbox runs it: real work never lands in a local practice service,
  // and a desk working against test or live never loads the sandbox's code (its memory stays free).
  let sandbox: EmbeddedSandbox | null = null;
  if (start === TRAINING_SANDBOX) {
    const { startEmbeddedSandbox, trainingSandboxSecrets } = await import('../host/embedded-sandbox.js');
    sandbox = await startEmbeddedSandbox(
      userData,
      await trainingSandboxSecrets(userData, keytarSecretStores),
    );
  }
  const core = await startCore({
    userDataDir: userData,
    appVersion: app.getVersion(),
    sandbox: sandbox?.config,
    // Staff sign in in the system browser (RFC 8252); the URL is the core's own authorization request.
    openBrowser: (url) => shell.openExternal(signInPageUrl(url)),
  });
  await applyStartup(core, managed, { ...choice, start });
  // The desktop smoke test takes the sandbox away to work offline; only an unpackaged app allows it.
  if (!app.isPackaged && sandbox) Object.assign(globalThis, { ficaDeskSandbox: sandbox });

  registerIpc({
    ipcMain,
    core,
    channelNames: CHANNEL_NAMES,
    eventNames: EVENT_NAMES,
    target: () => window?.webContents ?? null,
    onRefused: (channel, senderUrl) =>
      console.warn(`Refused IPC ${channel} from ${senderUrl ?? 'a closed frame'}`),
    onInternalError: (channel, error) => console.error(`The core failed on ${channel}`, error),
  });

  app.on(
    'before-quit',
    createQuitGuard({
      shutdown: async () => {
        await core.shutdown();
        await sandbox?.handle.stop();
      },
      quit: () => app.quit(),
      onError: (error) => console.error('The core did not shut down cleanly', error),
    }),
  );
  app.on('window-all-closed', () => app.quit());

  window = createMainWindow({
    preloadPath: PRELOAD_PATH,
    devTools: !app.isPackaged,
  });
  window.on('closed', () => {
    window = null;
  });
}
