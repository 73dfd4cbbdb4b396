// Who may call the core over IPC: the app's own top frame and nothing else. A subframe, a page that
// navigated away, or a frame already destroyed (senderFrame null) is refused before the core runs.
import { isAppUrl } from './app-origin.js';

export interface SenderFacts {
  /** WebFrameMain.url of the sending frame. */
  url: string;
  /** True when the frame has no parent (WebFrameMain.parent === null). */
  isMainFrame: boolean;
}

export function isTrustedSender(frame: SenderFacts | null | undefined): boolean {
  if (!frame) return false;
  return frame.isMainFrame && isAppUrl(frame.url);
}
