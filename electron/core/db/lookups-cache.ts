// The service's lookup lists (document groups, countries, …) per profile, kept so capture works
// offline. Bodies are stored as received; readers parse them with the shared/api schemas.
import { z } from 'zod';
import { systemClock, type Clock } from './clock.js';
import type { Db } from './migration.js';

export interface CachedLookup<T> {
  body: T;
  fetchedAt: string;
}

const RowSchema = z.object({ body: z.string(), fetched_at: z.string() });

export class LookupsCacheRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  put(profileId: string, name: string, body: unknown): CachedLookup<unknown> {
    const json = JSON.stringify(body);
    if (json === undefined) throw new TypeError(`Lookup ${name} is not representable as JSON`);
    const fetchedAt = this.clock().toISOString();
    this.db
      .prepare(
        `INSERT INTO lookups_cache (profile_id, name, body, fetched_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(profile_id, name) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at`,
      )
      .run(profileId, name, json, fetchedAt);
    return { body, fetchedAt };
  }

  /**
   * The cached lookup parsed with `schema`; null when absent or when it no longer parses (the next
   * fetch replaces it).
   */
  get<S extends z.ZodType>(profileId: string, name: string, schema: S): CachedLookup<z.output<S>> | null {
    const row = this.db
      .prepare('SELECT body, fetched_at FROM lookups_cache WHERE profile_id = ? AND name = ?')
      .get(profileId, name);
    if (row === undefined) return null;
    const { body, fetched_at } = RowSchema.parse(row);
    const parsed = schema.safeParse(JSON.parse(body));
    return parsed.success ? { body: parsed.data, fetchedAt: fetched_at } : null;
  }

  /** Names and fetch times, e.g. to decide what to refresh. */
  list(profileId: string): Array<{ name: string; fetchedAt: string }> {
    const rows = this.db
      .prepare('SELECT name, fetched_at FROM lookups_cache WHERE profile_id = ? ORDER BY name')
      .all(profileId) as Array<{
      name: string;
      fetched_at: string;
    }>;
    return rows.map((row) => ({ name: row.name, fetchedAt: row.fetched_at }));
  }

  clear(profileId: string): number {
    return this.db.prepare('DELETE FROM lookups_cache WHERE profile_id = ?').run(profileId).changes;
  }
}
