// The sandbox's schema steps, in order, run by node-shared/sqlite (history in `schema_migrations`).
// Numbers increase down the list and may skip (004–009 are unused): add a new file with the next
// number and list it here. Never edit or renumber a step that has shipped.
import { m001Partners } from './001-partners.js';
import { m002Entities } from './002-entities.js';
import { m003Documents } from './003-documents.js';
import { m010Webhooks } from './010-webhooks.js';
import { m011Idempotency } from './011-idempotency.js';
import { m012Individuals } from './012-individuals.js';
import { m013DocumentGroupIndexes } from './013-document-group-indexes.js';
import { m015ContainsSearch } from './015-contains-search.js';
import { m016StaffSignIn } from './016-staff-sign-in.js';
import { m017SignInSecurity } from './017-sign-in-security.js';
import { m018ExactPartnerSearch } from './018-exact-partner-search.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  m001Partners,
  m002Entities,
  m003Documents,
  m010Webhooks,
  m011Idempotency,
  m012Individuals,
  m013DocumentGroupIndexes,
  m015ContainsSearch,
  m016StaffSignIn,
  m017SignInSecurity,
  m018ExactPartnerSearch,
];
