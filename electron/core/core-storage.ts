// What the core keeps on this laptop: the keychain's stores, the vault, the SQLite file and the
// repositories over it. Opened first; nothing here sends or tells anything.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AppSettings } from './app-settings.js';
import { CaseStore } from './cases/case-store.js';
import { LookupService } from './cases/lookups.js';
import { AuditLog, LookupsCacheRepository, ProfileRepository, SettingsRepository } from './db/index.js';
import { AuditSealer } from './db/audit-sealer.js';
import { openCoreDatabase } from './db/open-core-database.js';
import { CredentialStore, TokenStore, VaultKeyStore } from './keychain/index.js';
import {
  profileSecretStores,
  vaultSecretStores,
  type KeychainChoice,
} from './keychain/development-keychain.js';
import { StaffAccounts } from './staff/staff-accounts.js';
import { CaseKeys } from './vault/case-keys.js';
import { refuseNewKeyOverData } from './vault/key-check.js';
import { Vault } from './vault/index.js';
import { removeMarkedFiles } from './vault/pending-removals.js';

export type CoreStorage = Awaited<ReturnType<typeof openCoreStorage>>;

export async function openCoreStorage(dataDir: string, keychain: KeychainChoice) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const keyStore = new VaultKeyStore(vaultSecretStores(keychain));
  if (!(await keyStore.exists())) refuseNewKeyOverData(dataDir);
  const vault = await Vault.open({ dir: join(dataDir, 'vault'), keyStore });
  const db = openCoreDatabase(dataDir, vault);
  await removeMarkedFiles(db, vault);
  const caseKeys = new CaseKeys(db, vault);
  const profiles = new ProfileRepository(db);
  const secrets = profileSecretStores(keychain, (id) => profiles.get(id)?.kind ?? null);
  const settingsRepo = new SettingsRepository(db);
  return {
    vault,
    db,
    caseKeys,
    profiles,
    settingsRepo,
    credentials: new CredentialStore(secrets),
    tokens: new TokenStore(secrets),
    auditLog: new AuditLog(db, undefined, new AuditSealer(vault, caseKeys)),
    lookups: new LookupService(new LookupsCacheRepository(db)),
    store: new CaseStore(db, caseKeys),
    appSettings: new AppSettings(settingsRepo),
    staffAccounts: new StaffAccounts(db, vault.fields),
  };
}
