// Whether the service can be reached, judged from real requests, plus a light probe while offline.
import type { Connectivity } from '../../../shared/ipc/model.js';

export class ConnectivityState {
  private state: Connectivity = 'checking';
  private readonly listeners = new Set<(state: Connectivity) => void>();

  get current(): Connectivity {
    return this.state;
  }

  set(next: Connectivity): void {
    if (next === this.state) return;
    this.state = next;
    for (const l of this.listeners) l(next);
  }

  onChange(listener: (state: Connectivity) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A request got an HTTP answer; a parked sign-in state stays parked until a person acts. */
  reached(): void {
    if (this.state === 'offline' || this.state === 'checking') this.set('online');
  }

  unreachable(): void {
    if (this.state === 'online' || this.state === 'checking') this.set('offline');
  }
}
