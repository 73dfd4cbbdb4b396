// Vault files to delete once the transaction that let go of them has committed: a row of
// vault_removals is written in that transaction (a migration writes them), the file is deleted after it, and whatever a crash left between the two is
// deleted at the next start. So a file is never deleted while a committed row still needs it, and
// never left behind once none does.
import type Database from 'better-sqlite3';
import { statement } from '../../../node-shared/sqlite/statements.js';
import type { Vault } from './index.js';

/** Deletes the files marked for removal and their marks; answers how many marks were cleared. */
export async function removeMarkedFiles(db: Database.Database, vault: Vault): Promise<number> {
  const ids = (statement(db, 'SELECT vault_id FROM vault_removals').all() as { vault_id: string }[]).map(
    (r) => r.vault_id,
  );
  if (ids.length === 0) return 0;
  await vault.purge(ids);
  const forget = statement(db, 'DELETE FROM vault_removals WHERE vault_id = ?');
  db.transaction(() => ids.forEach((id) => forget.run(id)))();
  return ids.length;
}
