// The headless host's loopback bridge: the same contract as Electron's IPC, over HTTP and
// server-sent events. Every request carries the per-run token; the host refuses anything without it.
export const BRIDGE = {
  /** POST with body encodeWire(input); answers encodeWire(IpcResult). */
  invokePath: (channel: string) => `/ipc/${encodeURIComponent(channel)}`,
  /** GET, text/event-stream; each message is `event: <name>` and `data: encodeWire(payload)`. */
  eventsPath: '/ipc-events',
  tokenHeader: 'x-desk-token',
  /** EventSource cannot set headers, so the event stream takes the token as a query parameter. */
  tokenQuery: 'token',
  /** The host writes the token into the served page as <meta name="desk-token" content="...">. */
  tokenMeta: 'desk-token',
} as const;
