// Environment profiles (sandbox, test, live): where the service is. Never what it takes to sign in:
// secrets are in the keychain under the profile's id (keychain/credential-store.ts).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { systemClock, type Clock } from './clock.js';
import type { Db } from './migration.js';
import { ROUTES, routePath } from '../../../shared/api/routes.js';
import { DeskError, issuesFromZod } from '../../../shared/ipc/errors.js';
import { plainHttpEndpointIssues } from '../../../shared/ipc/service-endpoint.js';

export const ProfileKindSchema = z.enum(['sandbox', 'test', 'live']);

// A URL with user:password@ would put a secret in SQLite; only plain http(s) URLs are kept.
const ServiceUrlSchema = z.url({ protocol: /^https?$/ }).refine((value) => {
  const url = new URL(value);
  return url.username === '' && url.password === '';
}, 'must be an http(s) URL without a user name or password');

export const ProfileSchema = z.object({
  // Also the keychain service suffix (keychain/service-names.ts), hence the same rule.
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .refine((id) => id !== 'vault', 'reserved'),
  name: z.string().trim().min(1).max(100),
  kind: ProfileKindSchema,
  baseUrl: ServiceUrlSchema,
  tokenUrl: ServiceUrlSchema.nullable(),
  /** The staff sign-in's OpenID Connect issuer; null: `{baseUrl}/oidc`. */
  issuerUrl: ServiceUrlSchema.nullable(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

const NewProfileFieldsSchema = ProfileSchema.pick({ name: true, kind: true, baseUrl: true }).extend({
  /** A fixed id for the built-in sandbox profile; otherwise a UUID is generated. */
  id: ProfileSchema.shape.id.optional(),
  tokenUrl: ServiceUrlSchema.nullable().optional(),
  issuerUrl: ServiceUrlSchema.nullable().optional(),
});

export const NewProfileSchema = NewProfileFieldsSchema.superRefine((profile, ctx) => {
  for (const issue of plainHttpEndpointIssues(profile))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});
export type NewProfile = z.infer<typeof NewProfileSchema>;

export const ProfilePatchSchema = NewProfileFieldsSchema.omit({ id: true }).partial();
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;

const RowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.string(),
    base_url: z.string(),
    token_url: z.string().nullable(),
    issuer_url: z.string().nullable(),
    created_at: z.string(),
  })
  .transform((row) =>
    ProfileSchema.parse({
      id: row.id,
      name: row.name,
      kind: row.kind,
      baseUrl: row.base_url,
      tokenUrl: row.token_url,
      issuerUrl: row.issuer_url,
      createdAt: row.created_at,
    }),
  );

export class ProfileRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  create(input: NewProfile): Profile {
    const parsed = NewProfileSchema.safeParse(input);
    if (!parsed.success)
      throw new DeskError('invalid-input', 'Some fields need attention.', issuesFromZod(parsed.error));
    const value = parsed.data;
    // The id doubles as the keychain service suffix; a UUID is valid there and never reused.
    const profile: Profile = {
      id: value.id ?? randomUUID(),
      name: value.name,
      kind: value.kind,
      baseUrl: value.baseUrl,
      tokenUrl: value.tokenUrl ?? null,
      issuerUrl: value.issuerUrl ?? null,
      createdAt: this.clock().toISOString(),
    };
    this.db
      .prepare(
        'INSERT INTO profiles (id, name, kind, base_url, token_url, issuer_url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        profile.id,
        profile.name,
        profile.kind,
        profile.baseUrl,
        profile.tokenUrl,
        profile.issuerUrl,
        profile.createdAt,
      );
    return profile;
  }

  get(id: string): Profile | null {
    const row = this.db.prepare('SELECT * FROM profiles WHERE id = ?').get(id);
    return row === undefined ? null : RowSchema.parse(row);
  }

  list(): Profile[] {
    return this.db
      .prepare('SELECT * FROM profiles ORDER BY created_at, rowid')
      .all()
      .map((row) => RowSchema.parse(row));
  }

  update(id: string, patch: ProfilePatch): Profile | null {
    const current = this.get(id);
    if (!current) return null;
    const value = ProfilePatchSchema.parse(patch);
    const next: Profile = {
      ...current,
      ...(value.name !== undefined && { name: value.name }),
      ...(value.kind !== undefined && { kind: value.kind }),
      ...(value.baseUrl !== undefined && { baseUrl: value.baseUrl }),
      ...(value.tokenUrl !== undefined && { tokenUrl: value.tokenUrl }),
      ...(value.issuerUrl !== undefined && { issuerUrl: value.issuerUrl }),
    };
    // Checked on the result: turning an http sandbox-like profile into a live one is refused too.
    const issues = plainHttpEndpointIssues(next);
    if (issues.length > 0) throw new DeskError('invalid-input', issues[0]!.message, issues);
    this.db
      .prepare(
        'UPDATE profiles SET name = ?, kind = ?, base_url = ?, token_url = ?, issuer_url = ? WHERE id = ?',
      )
      .run(next.name, next.kind, next.baseUrl, next.tokenUrl, next.issuerUrl, id);
    return next;
  }

  /** Removes the profile and its cached lookups; the caller also removes its keychain entries. */
  remove(id: string): boolean {
    return this.db.prepare('DELETE FROM profiles WHERE id = ?').run(id).changes > 0;
  }
}

/** The staff sign-in's issuer of a profile: its own, else `{baseUrl}/oidc` (docs/staff-sign-in.md). */
export function issuerUrlOf(profile: Pick<Profile, 'baseUrl' | 'issuerUrl'>): string {
  return profile.issuerUrl ?? `${profile.baseUrl.replace(/\/+$/, '')}/oidc`;
}

/** The token endpoint of a profile: its own, else `{baseUrl}/oauth/token` (contract §1). */
export function tokenUrlOf(profile: Pick<Profile, 'baseUrl' | 'tokenUrl'>): string {
  return profile.tokenUrl ?? `${profile.baseUrl.replace(/\/+$/, '')}${routePath(ROUTES.token, {})}`;
}
