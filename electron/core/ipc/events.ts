// Typed events of the contract (shared/ipc `events`), fanned out to Electron's webContents or the
// host's server-sent events.
import type { EventName, EventPayload } from '../../../shared/ipc/contract.js';

type Listener<E extends EventName> = (payload: EventPayload<E>) => void;

export class CoreEvents {
  private readonly listeners = new Map<EventName, Set<Listener<EventName>>>();

  on<E extends EventName>(event: E, listener: Listener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as Listener<EventName>);
    return () => set.delete(listener as Listener<EventName>);
  }

  /** Lets a caller skip building a payload nobody will read. */
  has(event: EventName): boolean {
    return (this.listeners.get(event)?.size ?? 0) > 0;
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        listener(payload);
      } catch {
        // A broken listener (a closed window) must not stop the others or the queue.
      }
    }
  }
}
