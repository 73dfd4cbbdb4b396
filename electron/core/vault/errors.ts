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
