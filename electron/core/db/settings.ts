// App settings as JSON values under string keys. Each reader brings the schema of its setting, so a
// value written by an older build that no longer fits is reported as absent, not trusted.
import type { z } from 'zod';
import { systemClock, type Clock } from './clock.js';
import type { Db } from './migration.js';

export class SettingsRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The parsed value, or undefined when unset or no longer valid for `schema`. */
  get<S extends z.ZodType>(key: string, schema: S): z.output<S> | undefined {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
      { value: string } | undefined;
    if (!row) return undefined;
    const parsed = schema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : undefined;
  }

  /** Validates with `schema` before writing, so an invalid setting never reaches the file. */
  set<S extends z.ZodType>(key: string, schema: S, value: z.input<S>): void {
    const json = JSON.stringify(schema.parse(value));
    if (json === undefined) throw new TypeError(`Setting ${key} is not representable as JSON`);
    this.db
      .prepare(
        `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      )
      .run(key, json, this.clock().toISOString());
  }

  delete(key: string): boolean {
    return this.db.prepare('DELETE FROM settings WHERE key = ?').run(key).changes > 0;
  }

  keys(): string[] {
    return (this.db.prepare('SELECT key FROM settings ORDER BY key').all() as Array<{ key: string }>).map(
      (row) => row.key,
    );
  }
}
