// Numbered schema migrations. 001–009 belong to sandbox part 1 (partners, auth, entities),
// 010 and above to part 2 (individuals, idempotency, webhooks): add new files and list them here.
import { m001Partners } from './001-partners.js';
import { m002Entities } from './002-entities.js';
import { m003Documents } from './003-documents.js';
import { m010Webhooks } from './010-webhooks.js';
import { m011Idempotency } from './011-idempotency.js';
import { m012Individuals } from './012-individuals.js';
import { m013DocumentGroupIndexes } from './013-document-group-indexes.js';
import { m015ContainsSearch } from './015-contains-search.js';

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
];
