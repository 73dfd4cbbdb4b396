// oidc-provider's storage (sessions, interactions, grants, codes, tokens) kept in this process's
// memory: staff sign in again after the sandbox restarts. Each provider gets its own store, so
// sandboxes started side by side in one process (tests) share nothing.
import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds; entries without an expiry live until the process ends. */
  expiresAt: number;
}

/** How many writes between sweeps of expired entries. */
const SWEEP_EVERY = 200;

export function createMemoryAdapter(now: () => number = Date.now): new (model: string) => Adapter {
  const entries = new Map<string, Entry>();
  let writes = 0;

  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  const sweep = (): void => {
    const at = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
  };

  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string): string {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (++writes % SWEEP_EVERY === 0) sweep();
      const expiresAt = expiresIn > 0 ? now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
      entries.set(this.key(id), { payload, expiresAt });
      if (payload.uid) entries.set(`${this.model}:uid:${payload.uid}`, { payload: { id }, expiresAt });
      if (payload.userCode)
        entries.set(`${this.model}:userCode:${payload.userCode}`, { payload: { id }, expiresAt });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return live(this.key(id));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const pointer = live(`${this.model}:uid:${uid}`);
      return typeof pointer?.id === 'string' ? this.find(pointer.id) : undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const pointer = live(`${this.model}:userCode:${userCode}`);
      return typeof pointer?.id === 'string' ? this.find(pointer.id) : undefined;
    }

    async consume(id: string): Promise<void> {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      entries.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const [key, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(key);
    }
  };
}
