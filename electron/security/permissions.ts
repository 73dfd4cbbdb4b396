// Permission policy: the camera, for document capture, on the app's own top frame. Everything else
// (microphone, location, notifications, clipboard reads, screen capture, devices...) is refused.
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
export function isPermissionRequestAllowed(facts: PermissionRequestFacts): boolean {
  if (facts.permission !== 'media') return false;
  if (!facts.isMainFrame || !isAppUrl(facts.requestingUrl)) return false;
  const types = facts.mediaTypes ?? [];
  // Video only: a request that also wants audio is refused whole, not trimmed.
  return types.length > 0 && types.every((type) => type === 'video');
}

/** Answer for session.setPermissionCheckHandler (synchronous checks such as enumerateDevices). */
export function isPermissionCheckAllowed(facts: PermissionCheckFacts): boolean {
  if (facts.permission !== 'media') return false;
  if (facts.embeddingOrigin !== undefined && facts.embeddingOrigin !== '') return false;
  if (!facts.isMainFrame || !isAppUrl(facts.requestingOrigin)) return false;
  return facts.mediaType === 'video';
}
