// Hardening applied to every webContents the app ever creates, not just the main window, so a
// forgotten code path cannot open an unguarded one. Only types come from Electron here (shell is
// passed in), so tests can drive it with a recording stand-in.
import type { WebContents } from 'electron';
import { decideWindowOpen, isNavigationAllowed } from '../security/navigation.js';

/** The webContents members used; Electron's WebContents satisfies it. */
export type HardenableContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/**
 * @param openAllowListed receives only hrefs that passed allowedExternalUrl (security/external-links.ts)
 */
export function hardenWebContents(
  contents: HardenableContents,
  openAllowListed: (href: string) => Promise<void>,
): void {
  contents.on('will-attach-webview', (event) => event.preventDefault());

  const refuseNavigation = (event: { preventDefault(): void }, url: string) => {
    if (!isNavigationAllowed(url)) event.preventDefault();
  };
  contents.on('will-navigate', (event) => refuseNavigation(event, event.url));
  contents.on('will-frame-navigate', (event) => refuseNavigation(event, event.url));
  contents.on('will-redirect', (event) => refuseNavigation(event, event.url));

  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    if (decision.openExternally !== null)
      void openAllowListed(decision.openExternally).catch(() => undefined);
    return { action: decision.action };
  });
}
