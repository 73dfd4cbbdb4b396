// The people who have signed in online on this laptop, per environment profile: who they are (sealed
// under the vault's field key), when they last signed in with the identity provider (the offline
// unlock window counts from then), their local passphrase's verifier if they set one, and wrong
// passphrases since their last successful unlock. A profile may name its identity provider (the
// OpenID Connect issuer) when it is not at the service's own `/oidc`.
import { sqlMigration } from '../migration.js';

export const m007StaffAccounts = sqlMigration(
  7,
  'staff accounts',
  `
    CREATE TABLE staff_accounts (
      profile_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      identity TEXT NOT NULL,
      last_online_sign_in_at TEXT NOT NULL,
      passphrase_verifier TEXT,
      failed_unlocks INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (profile_id, user_id)
    );
    ALTER TABLE profiles ADD COLUMN issuer_url TEXT;
  `,
);
