// Permission policy, for the app's own top frame only: the camera, for document capture, and
// clipboard writes (navigator.clipboard.writeText, e.g. copying a new webhook secret). Everything
// else (microphone, location, notifications, clipboard reads, screen capture, devices...) is refused.
import { isAppUrl } from './app-origin.js';

export interface PermissionRequestFacts {
  permission: string;
  /** URL of the requesting frame (PermissionRequest.requestingUrl). */
  requestingUrl: string;
  isMainFrame: boolean;
  /** For 'media' requests: what is asked for. Camera is 'video'; microphone is 'audio'. */
  mediaTypes?: readonly string[] | undefined;
}

export interface PermissionCheckFacts {
  permission: string;
  requestingOrigin: string;
  isMainFrame: boolean;
  /** For 'media' checks: 'video', 'audio' or 'unknown'. */
  mediaType?: string | undefined;
  /** Set for cross-origin subframes; a frame embedded anywhere gets nothing. */
  embeddingOrigin?: string | undefined;
}

/** Answer for session.setPermissionRequestHandler. */
/** Writing text to the clipboard: the person's own copy action, never a read of what is there. */
const CLIPBOARD_WRITE = 'clipboard-sanitized-write';

export function isPermissionRequestAllowed(facts: PermissionRequestFacts): boolean {
  if (facts.permission === CLIPBOARD_WRITE) return facts.isMainFrame && isAppUrl(facts.requestingUrl);
  if (facts.permission !== 'media') return false;
  if (!facts.isMainFrame || !isAppUrl(facts.requestingUrl)) return false;
  const types = facts.mediaTypes ?? [];
  // Video only: a request that also wants audio is refused whole, not trimmed.
  return types.length > 0 && types.every((type) => type === 'video');
}

/** Answer for session.setPermissionCheckHandler (synchronous checks such as enumerateDevices). */
export function isPermissionCheckAllowed(facts: PermissionCheckFacts): boolean {
  if (facts.permission !== 'media' && facts.permission !== CLIPBOARD_WRITE) return false;
  if (facts.embeddingOrigin !== undefined && facts.embeddingOrigin !== '') return false;
  if (!facts.isMainFrame || !isAppUrl(facts.requestingOrigin)) return false;
  if (facts.permission === CLIPBOARD_WRITE) return true;
  return facts.mediaType === 'video';
}
