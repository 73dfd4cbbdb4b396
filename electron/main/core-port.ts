// What electron/main needs from the core, stated structurally: createCore() in electron/core is
// expected to satisfy this, and tests drive the wiring with a recording fake of it.

/** Who is calling, so the core can record it in the audit log. */
export interface CallContext {
  shell: 'electron';
  /** URL of the (already verified) sending frame. */
  senderUrl: string;
}

export interface CoreLike {
  handle(channel: string, input: unknown, ctx: CallContext): Promise<unknown>;
  events: {
    /** May return an unsubscribe function; main subscribes once for the app's lifetime. */
    on(name: string, listener: (payload: unknown) => void): unknown;
  };
  /** Lets in-flight jobs record their state; resolves when it is safe to exit. */
  shutdown(): Promise<void>;
}
