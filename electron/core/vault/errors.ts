// Errors the vault reports. Messages are written for the person at the counter: they say what is
// wrong with the document, not which cipher failed.

export class VaultFileNotFoundError extends Error {
  override readonly name = 'VaultFileNotFoundError';
  constructor(readonly id: string) {
    super(`The stored document ${id} is missing from this computer.`);
  }
}

/** Authentication failed, the file is cut short, or it is not a vault file at all. */
export class VaultIntegrityError extends Error {
  override readonly name = 'VaultIntegrityError';
  constructor(
    readonly id: string,
    readonly reason: string,
  ) {
    super(`The stored document ${id} is damaged or was altered and cannot be opened (${reason}).`);
  }
}

export class FieldDecryptError extends Error {
  override readonly name = 'FieldDecryptError';
  constructor(reason: string) {
    super(`An encrypted value could not be read (${reason}).`);
  }
}

const RECOVERY =
  'FICA Desk changed nothing. To recover: restore the keychain entry "fica-desk/vault" (account "vault-key") ' +
  "from a backup of this computer's keychain, or start FICA Desk with a fresh, empty data folder and import an " +
  'archive made with Settings → "Export unsent work".';

/** The keychain has no vault key but the data folder holds data encrypted with one. */
export class VaultKeyMissingError extends Error {
  override readonly name = 'VaultKeyMissingError';
  constructor(readonly dataDir: string) {
    super(
      `The vault key is missing from the system keychain, so the local data in ${dataDir} cannot be read. ${RECOVERY}`,
    );
  }
}

/** The keychain holds a vault key, but not the one the data folder was encrypted with. */
export class VaultKeyMismatchError extends Error {
  override readonly name = 'VaultKeyMismatchError';
  constructor(readonly dataDir: string) {
    super(
      `The vault key in the system keychain is not the one the local data in ${dataDir} was saved with, so that data cannot be read. ${RECOVERY}`,
    );
  }
}
