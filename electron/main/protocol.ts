// The app:// scheme: registered as privileged before 'ready' (standard + secure gives the renderer a
// real, secure origin), handled after it by the folder-bound handler in electron/security.
import { protocol, type Session } from 'electron';
import { APP_SCHEME } from '../security/app-origin.js';
import { createAppRequestHandler } from '../security/app-protocol.js';

/** Must run before app 'ready'. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: {
        standard: true,
        secure: true,
        // fetch() of the app's own files (pdf.js cmaps and fonts) and the camera need these.
        supportFetchAPI: true,
        stream: true,
        // V8 keeps the code it compiled from the app's scripts between starts (keyed by the files'
        // contents), so a start after the first does not compile the first screen's code again.
        codeCache: true,
        // Deliberately not bypassCSP, corsEnabled or allowServiceWorkers.
      },
    },
  ]);
}

export function handleAppProtocol(session: Session, rendererDir: string): void {
  session.protocol.handle(APP_SCHEME, createAppRequestHandler(rendererDir));
}
