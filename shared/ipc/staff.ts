// The signed-in person as the renderer sees them, and the inputs of the staff sign-in channels.
import { z } from 'zod';
import { StaffRoleSchema } from '../domain/staff-roles.js';

/** What a partner's identity provider says about a person, read from the ID token's claims. */
export const StaffIdentitySchema = z.object({
  /** The ID token's subject: the service user sent as `userID`. */
  userId: z.string().min(1).max(200),
  name: z.string().max(500),
  email: z.string().max(500),
  roles: z.array(StaffRoleSchema),
  partnerId: z.string().max(200).nullable(),
});
export type StaffIdentity = z.infer<typeof StaffIdentitySchema>;

export const StaffStatusSchema = StaffIdentitySchema.extend({
  /** How this person got in: through the identity provider, or with the offline passphrase. */
  signedInWith: z.enum(['identity-provider', 'passphrase']),
  /** Locked after the idle time: nothing is shown or changed until the person unlocks. */
  locked: z.boolean(),
  /** A local passphrase is set, so this person can unlock offline. */
  hasPassphrase: z.boolean(),
  lastOnlineSignInAt: z.string(),
});
export type StaffStatus = z.infer<typeof StaffStatusSchema>;

/** A person who has signed in online on this laptop under the active environment. */
export const KnownStaffSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(StaffRoleSchema),
  lastOnlineSignInAt: z.string(),
  /** Null when this person can unlock offline; otherwise why not, in plain words. */
  offlineUnlockRefusal: z.string().nullable(),
});
export type KnownStaff = z.infer<typeof KnownStaffSchema>;

/** A local passphrase: long enough to resist guessing against a stolen laptop's verifier. */
export const OfflinePassphraseSchema = z
  .string()
  .min(10, 'Use at least 10 characters')
  .max(1024, 'Use at most 1024 characters');

export const SignInStartedSchema = z.object({
  /** The identity provider's sign-in page, for the browser. */
  url: z.string(),
  /** True when the app opened the system browser itself; otherwise the screen opens `url`. */
  opened: z.boolean(),
});
