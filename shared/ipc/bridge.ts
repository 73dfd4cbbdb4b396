// The headless host's loopback bridge: the same contract as Electron's IPC, over HTTP and
// server-sent events. Every request carries the per-run token (the session cookie in a browser, the
// header or query parameter for a test client); the host refuses anything without it.
export const BRIDGE = {
  /**
   * POST with the input as a binary frame (wire-frame.ts, Content-Type FRAME_CONTENT_TYPE) or as
   * encodeWire JSON; answers IpcResult as a frame when the request accepts FRAME_CONTENT_TYPE, else
   * as encodeWire JSON. The renderer uses frames, so bytes cross as bytes.
   */
  invokePath: (channel: string) => `/ipc/${encodeURIComponent(channel)}`,
  /** GET, text/event-stream; each message is `event: <name>` and `data: encodeWire(payload)`. */
  eventsPath: '/ipc-events',
  tokenHeader: 'x-desk-token',
  /** EventSource cannot set headers, so the event stream takes the token as a query parameter. */
  tokenQuery: 'token',
  /** GET with the one-time key the host prints: sets the session cookie once, then redirects to /. */
  openPath: '/open',
  openKeyQuery: 'key',
  /** HttpOnly, SameSite=Strict cookie holding the token; its name ends with the host's port. */
  sessionCookie: 'desk-session',
} as const;
