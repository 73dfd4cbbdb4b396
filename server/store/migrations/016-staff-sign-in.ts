import type { Migration } from './index.js';

// Staff sign in to the desktop app through the sandbox's OpenID Connect provider: every user gets a
// password hash (NULL until one is set: such an account cannot sign in), and every partner an
// admin account, which signs in but is not one of the two users the API lists (contract §10).
// The admin's address takes the domain of the partner's capturer. Each admin id is a random UUID
// (version 4); the CTE is materialised so that one random value makes one id.
export const m016StaffSignIn: Migration = {
  version: 16,
  name: 'staff sign-in passwords and admin accounts',
  sql: `
    ALTER TABLE users ADD COLUMN password_hash TEXT;
    WITH fresh AS MATERIALIZED (
      SELECT p.id AS partner_id, p.name AS partner_name, lower(hex(randomblob(16))) AS h,
             (SELECT substr(u.email, instr(u.email, '@') + 1) FROM users u
               WHERE u.partner_id = p.id AND u.role = 'capturer' LIMIT 1) AS domain
        FROM partners p
       WHERE NOT EXISTS (SELECT 1 FROM users a WHERE a.partner_id = p.id AND a.role = 'admin')
    )
    INSERT INTO users (id, partner_id, name, email, role)
      SELECT substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-' ||
               substr('89ab', 1 + (unicode(substr(h, 17, 1)) % 4), 1) || substr(h, 18, 3) || '-' ||
               substr(h, 21, 12),
             partner_id, partner_name || ' Admin', 'admin@' || COALESCE(domain, 'partner.example'), 'admin'
        FROM fresh;
    CREATE INDEX users_email ON users(email COLLATE NOCASE);
  `,
};
