// The core's own events: what one part tells the others. The bus is made first and every part
// that tells or listens gets it, so no part is bound to another after both exist. The screens'
// events (shared/ipc `events`) are told by ipc/change-notifier.ts, which listens here.

export interface CoreEventMap {
  /** A case's rows changed (sent, read back, purged, read): every screen on it reads it again. */
  'case.changed': string;
  /** A person changed a case here: as `case.changed`, and its new work is sent. */
  'case.edited': string;
  /** The queue changed; `true` when what every item shows changed (environment, paused, connectivity). */
  'queue.changed': boolean;
  /** Something the status bar shows may have changed. */
  'status.changed': void;
  /** Another environment became the active one. */
  'environment.activated': void;
}

export type CoreEventName = keyof CoreEventMap;
type Listener<E extends CoreEventName> = (payload: CoreEventMap[E]) => void;

export class CoreBus {
  private readonly listeners: { [E in CoreEventName]?: Listener<E>[] } = {};

  on<E extends CoreEventName>(event: E, listener: Listener<E>): void {
    const list = (this.listeners[event] ??= []) as Listener<E>[];
    list.push(listener);
  }

  /** Listeners run in the order they were added; an error stops the caller, as a direct call would. */
  emit<E extends CoreEventName>(
    event: E,
    ...payload: CoreEventMap[E] extends void ? [] : [CoreEventMap[E]]
  ): void {
    for (const listener of (this.listeners[event] ?? []) as Listener<E>[])
      listener(payload[0] as CoreEventMap[E]);
  }
}
