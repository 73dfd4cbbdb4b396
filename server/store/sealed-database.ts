// The training sandbox's database when it runs inside the desktop app: it lives in memory and is
// written to disk only sealed (node-shared/sealed-file, AES-256-GCM under a key from the OS
// keychain), so the clients a person practises with are never on disk in plain text. Each write
// request's changes are sealed before its answer leaves (the app records an answer only once the
// sandbox has kept what it answered), and background changes within a second.
import Database from 'better-sqlite3';
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { openSealedBuffer, sealBuffer } from '../../node-shared/sealed-file/sealed-buffer.js';
import { sealedDataError } from './sealed-data-error.js';

type Db = Database.Database;

export const SEALED_DB_FILE = 'sandbox.sqlite.sealed';
const PLAIN_DB_FILE = 'sandbox.sqlite';

export interface SealedDatabase {
  db: Db;
  /** Seals the database to disk if it changed since the last call. */
  persist(): void;
}

/** Opens the sealed database of `dataDir`, or seals a plain one left by an earlier version, or starts empty. */
export function openSealedDatabase(dataDir: string, key: Buffer): SealedDatabase {
  const sealedPath = join(dataDir, SEALED_DB_FILE);
  const plainPath = join(dataDir, PLAIN_DB_FILE);
  let db: Db;
  let plainLeft = false;
  if (existsSync(sealedPath)) {
    db = new Database(openSealedBuffer(key, readFileSync(sealedPath), sealedDataError));
  } else if (existsSync(plainPath)) {
    const plain = new Database(plainPath);
    // A WAL database's image cannot be opened in memory: back to a rollback journal first.
    plain.pragma('journal_mode = DELETE');
    db = new Database(plain.serialize());
    plain.close();
    plainLeft = true;
  } else {
    db = new Database(':memory:');
  }
  const changes = db.prepare<[], number>('SELECT total_changes()').pluck();
  let sealedAt: number | null = null;
  const persist = () => {
    const now = changes.get() ?? 0;
    if (now === sealedAt) return;
    writeDurably(sealedPath, sealBuffer(key, db.serialize()));
    sealedAt = now;
    if (plainLeft) {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${plainPath}${suffix}`, { force: true });
      plainLeft = false;
    }
  };
  return { db, persist };
}

/** The new bytes replace the old file only once they are on disk: a crash leaves one or the other. */
function writeDurably(path: string, bytes: Buffer): void {
  const next = `${path}.next`;
  const fd = openSync(next, 'w', 0o600);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(next, path);
}
