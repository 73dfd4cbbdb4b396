// Hardening applied to every webContents the app ever creates, not just the main window, so a
// forgotten code path cannot open an unguarded one.
import { shell, type WebContents } from 'electron';
import { decideWindowOpen, isNavigationAllowed } from '../security/navigation.js';

export function hardenWebContents(contents: WebContents): void {
  contents.on('will-attach-webview', (event) => event.preventDefault());

  const refuseNavigation = (event: { preventDefault(): void }, url: string) => {
    if (!isNavigationAllowed(url)) event.preventDefault();
  };
  contents.on('will-navigate', (event) => refuseNavigation(event, event.url));
  contents.on('will-frame-navigate', (event) => refuseNavigation(event, event.url));
  contents.on('will-redirect', (event) => refuseNavigation(event, event.url));

  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    // Only the parsed, allow-listed https href reaches the OS; see security/external-links.ts.
    if (decision.openExternally !== null) void shell.openExternal(decision.openExternally);
    return { action: decision.action };
  });
}
