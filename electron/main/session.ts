// All session hardening in one place (VS Code's configureSession): response headers, request
// filtering and permissions. The decisions come from electron/security; this file only wires them.
import type { Session } from 'electron';
import { withSecurityHeaders } from '../security/csp.js';
import { isRendererRequestAllowed } from '../security/navigation.js';
import { isPermissionCheckAllowed, isPermissionRequestAllowed } from '../security/permissions.js';

export function configureSession(session: Session): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withSecurityHeaders(details.responseHeaders) });
  });

  // The core does all networking in Node (axios, not Electron's net, which this filter would also
  // stop); the renderer may load only app:// and page-local URLs.
  session.webRequest.onBeforeRequest((details, callback) => {
    callback({ cancel: !isRendererRequestAllowed(details.url) });
  });

  session.setPermissionRequestHandler((_webContents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    callback(
      isPermissionRequestAllowed({
        permission,
        requestingUrl: details.requestingUrl,
        isMainFrame: details.isMainFrame,
        mediaTypes,
      }),
    );
  });

  session.setPermissionCheckHandler((_webContents, permission, requestingOrigin, details) =>
    isPermissionCheckAllowed({
      permission,
      requestingOrigin,
      isMainFrame: details.isMainFrame,
      mediaType: details.mediaType,
      embeddingOrigin: details.embeddingOrigin,
    }),
  );

  // No USB, serial or HID devices: document capture uses the camera only.
  session.setDevicePermissionHandler(() => false);

  // Typed client details must not go to a dictionary service.
  session.setSpellCheckerEnabled(false);
}
