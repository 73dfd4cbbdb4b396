// Export of unsent work to a passphrase-protected archive, and its import on another laptop (another
// data folder, another keychain): the escape hatch for a broken laptop or a lost vault key.
//
// Archive bytes: preamble | encrypted body (archive-crypto.ts). Plaintext of the body: manifest
// length (u32 BE) | manifest JSON (manifest.ts) | every listed file's bytes, in order. Files go from
// one vault to the other through the encryption streams only; no document is ever written in the
// clear. An import decrypts and checks the whole archive, writing files into the vault as it goes,
// and records the cases only once every byte has verified; on any failure the files it wrote are
// removed, so a wrong passphrase or an altered archive changes nothing. A case already on this
// laptop (same id) is left as it is: importing the same archive twice adds nothing.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Partner } from '../../../shared/api/index.js';
import type { CaseStore } from '../cases/case-store.js';
import type { Profile, ProfileRepository } from '../db/profiles.js';
import type { JobStore } from '../jobs/job-store.js';
import type { Vault } from '../vault/index.js';
import { archiveDecryptor, archiveEncryptor, ArchiveDamagedError, PREAMBLE_BYTES } from './archive-crypto.js';
import {
  ArchiveManifestSchema,
  type ArchiveCase,
  type ArchiveFile,
  type ArchiveManifest,
} from './manifest.js';

export interface TransferDeps {
  store: Pick<CaseStore, 'db' | 'cases' | 'people' | 'documents' | 'drafts'>;
  jobs: JobStore;
  vault: Vault;
  profiles: ProfileRepository;
  /** The partner of an environment's service account, as known here (cached look-up). */
  partnerOf: (profileId: string) => Partner | null;
  /** Keeps the partner an archive names for an environment added by the import. */
  rememberPartner: (profileId: string, partner: Partner) => void;
  activeProfileId: () => string | null;
  currentUserId: () => string | null;
  audit: (action: string, caseId: string | null, detail: string) => void;
  changed: (caseId: string) => void;
  /** Cases added by an import: the service may hold more of them than the archive (case-refresh.ts). */
  imported?: (caseIds: string[]) => void;
}

export interface ExportResult {
  bytes: Uint8Array<ArrayBuffer>;
  caseCount: number;
  documentCount: number;
}

export interface ImportResult {
  imported: number;
  alreadyPresent: number;
  documentCount: number;
  /** Profiles made for environments this laptop did not know; they need signing in. */
  newProfiles: string[];
}

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

export class NothingToExportError extends Error {
  override readonly name = 'NothingToExportError';
  constructor() {
    super('There is no unsent work on this computer to export.');
  }
}

export class UnsentWorkTransfer {
  constructor(private readonly deps: TransferDeps) {}

  /** Every case with unsent jobs, with its documents and drafts, sealed under the passphrase. */
  async export(passphrase: string): Promise<ExportResult> {
    const manifest = this.collect();
    if (manifest.cases.length === 0) throw new NothingToExportError();
    const json = Buffer.from(JSON.stringify(manifest), 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(json.length);
    const vault = this.deps.vault;
    async function* plaintext() {
      yield length;
      yield json;
      for (const file of manifest.files) {
        let sent = 0;
        for await (const part of vault.createReadStream(file.vaultId)) {
          sent += (part as Buffer).length;
          yield part as Buffer;
        }
        if (sent !== file.size)
          throw new Error(`A stored file changed size during the export (${file.vaultId}).`);
      }
    }
    const { preamble, encrypt } = await archiveEncryptor(passphrase);
    const parts: Buffer[] = [preamble];
    await pipeline(Readable.from(plaintext()), encrypt, collect(parts));
    for (const c of manifest.cases)
      this.deps.audit('transfer.export', c.id, 'Unsent work exported to an encrypted archive');
    const archive = Buffer.concat(parts);
    // A plain Uint8Array (a Buffer would cross the host's JSON bridge as {type, data}) over memory
    // of its own: a small Buffer sits in Node's shared pool, which must not be cloned to the renderer.
    const own = archive.byteOffset === 0 && archive.buffer.byteLength === archive.length;
    return {
      bytes: own ? new Uint8Array(archive.buffer as ArrayBuffer) : new Uint8Array(archive),
      caseCount: manifest.cases.length,
      documentCount: manifest.cases.reduce((n, c) => n + c.documents.filter((d) => d.vaultId).length, 0),
    };
  }

  async import(archive: Uint8Array, passphrase: string): Promise<ImportResult> {
    const bytes = Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
    if (bytes.length < PREAMBLE_BYTES) throw new ArchiveDamagedError('not a FICA Desk archive');
    const decrypt = await archiveDecryptor(passphrase, bytes.subarray(0, PREAMBLE_BYTES));
    const reader = new ArchiveReader(this.deps.vault, (manifest) => this.newCaseIds(manifest));
    try {
      await pipeline(Readable.from([bytes.subarray(PREAMBLE_BYTES)]), decrypt, reader);
      const { manifest, stored } = reader.result();
      return this.record(manifest, stored);
    } catch (error) {
      await this.deps.vault.purge(await reader.settledFiles()).catch(() => 0);
      throw error;
    }
  }

  private collect(): ArchiveManifest {
    const { store, jobs, profiles } = this.deps;
    const withJobs = new Set(jobs.all().map((j) => j.caseId));
    const cases: ArchiveCase[] = [];
    const files: ArchiveFile[] = [];
    const profileIds = new Set<string>();
    for (const c of store.cases.listCases()) {
      if (!withJobs.has(c.id)) continue;
      if (c.profileId) profileIds.add(c.profileId);
      const documents = store.documents.listDocuments(c.id, true);
      const drafts = store.drafts.listDrafts(c.id);
      for (const d of documents)
        if (d.vaultId) files.push({ vaultId: d.vaultId, caseId: c.id, size: d.size });
      const pageFiles = new Set<string>();
      for (const draft of drafts) {
        for (const page of draft.pages) {
          if (pageFiles.has(page.vaultId)) continue;
          pageFiles.add(page.vaultId);
          files.push({ vaultId: page.vaultId, caseId: c.id, size: page.size });
        }
      }
      cases.push({
        id: c.id,
        kind: c.kind,
        profileId: c.profileId,
        title: c.title,
        clientReference: c.clientReference,
        status: c.status,
        serverId: c.serverId,
        createdBy: c.createdBy,
        createdAt: c.createdAt,
        updatedAt: c.updatedAt,
        blockedReason: c.blockedReason,
        decidedAt: c.decidedAt,
        // A cached report stays behind: the service makes it again on request.
        data: { ...c.data, reportVaultId: null },
        ubos: store.people.listUbos(c.id, true).map((u) => ({
          id: u.id,
          position: u.position,
          serverId: u.serverId,
          origin: u.origin,
          removed: u.removed,
          data: u.data,
        })),
        documents: documents.map((d) => ({ ...d, caseId: undefined })),
        drafts: drafts.map((d) => ({ id: d.id, owner: d.owner, pages: d.pages, createdAt: d.createdAt })),
        jobs: jobs.ofCase(c.id).map((j) => ({
          id: j.id,
          payload: j.payload,
          state: j.state,
          attempts: j.attempts,
          idempotencyKey: j.idempotencyKey,
          maybeSent: j.maybeSent,
          error: j.error,
          errorPermanent: j.errorPermanent,
          createdAt: j.createdAt,
        })),
      });
    }
    const described = [...profileIds]
      .map((id) => profiles.get(id))
      .filter((p): p is Profile => p !== null)
      .map((p) => ({
        id: p.id,
        name: p.name,
        kind: p.kind,
        baseUrl: p.baseUrl,
        tokenUrl: p.tokenUrl,
        partner: this.deps.partnerOf(p.id),
      }));
    return ArchiveManifestSchema.parse({
      format: 'fica-desk unsent work',
      version: 1,
      exportedAt: new Date().toISOString(),
      exportedBy: this.deps.currentUserId(),
      profiles: described,
      cases,
      files,
    });
  }

  private newCaseIds(manifest: ArchiveManifest): Set<string> {
    const present = (id: string) =>
      this.deps.store.db.prepare('SELECT 1 FROM cases WHERE id = ?').get(id) !== undefined;
    return new Set(manifest.cases.filter((c) => !present(c.id)).map((c) => c.id));
  }

  /** The cases, their rows and jobs, in one transaction, under this laptop's matching profiles. */
  private record(manifest: ArchiveManifest, stored: Map<string, string>): ImportResult {
    const { store } = this.deps;
    const db = store.db;
    const fresh = this.newCaseIds(manifest);
    const newProfiles: string[] = [];
    const profileMap = new Map<string, string>();
    const jobColumns = new Set(
      (db.prepare('PRAGMA table_info(jobs)').all() as { name: string }[]).map((c) => c.name),
    );
    let documentCount = 0;
    db.transaction(() => {
      for (const c of manifest.cases.filter((x) => fresh.has(x.id))) {
        const profileId =
          c.profileId === null
            ? this.deps.activeProfileId()
            : this.profileFor(manifest, c.profileId, profileMap, newProfiles);
        const mapped = (vaultId: string | null) => (vaultId === null ? null : (stored.get(vaultId) ?? null));
        store.cases.insertCase({ ...c, profileId, purgedAt: null, reportCachedAt: null });
        for (const u of c.ubos) store.people.insertUbo({ ...u, caseId: c.id });
        for (const d of c.documents) {
          store.documents.insertDocument({ ...d, caseId: c.id, vaultId: mapped(d.vaultId) });
          if (d.vaultId) documentCount++;
        }
        for (const d of c.drafts) {
          store.drafts.insertDraft({
            ...d,
            caseId: c.id,
            pages: d.pages.map((p) => ({ ...p, vaultId: mapped(p.vaultId)! })),
          });
        }
        for (const j of c.jobs) insertJob(db, jobColumns, c.id, profileId, j);
        this.deps.audit('transfer.import', c.id, 'Unsent work imported from an encrypted archive');
      }
    })();
    for (const id of fresh) this.deps.changed(id);
    this.deps.imported?.([...fresh]);
    return {
      imported: fresh.size,
      alreadyPresent: manifest.cases.length - fresh.size,
      documentCount,
      newProfiles,
    };
  }

  /**
   * This laptop's profile for the exporting laptop's environment: the same kind and service URLs,
   * so the work is only ever sent where it was captured. An unknown environment gets a new profile
   * (without credentials: someone signs in before anything is sent), with the partner the archive
   * names for it, so a person's sign-in there can be checked before its credentials are set.
   */
  private profileFor(
    manifest: ArchiveManifest,
    sourceId: string,
    map: Map<string, string>,
    created: string[],
  ): string {
    const known = map.get(sourceId);
    if (known) return known;
    const source = manifest.profiles.find((p) => p.id === sourceId);
    if (!source) throw new ArchiveDamagedError('a case names an environment the archive does not describe');
    const { profiles } = this.deps;
    const match = profiles
      .list()
      .find((p) => p.kind === source.kind && p.baseUrl === source.baseUrl && p.tokenUrl === source.tokenUrl);
    const id =
      match?.id ??
      profiles.create({
        name: `${source.name} (imported)`.slice(0, 100),
        kind: source.kind,
        baseUrl: source.baseUrl,
        tokenUrl: source.tokenUrl,
      }).id;
    if (!match) {
      created.push(id);
      if (source.partner) this.deps.rememberPartner(id, source.partner);
    }
    map.set(sourceId, id);
    return id;
  }
}

function insertJob(
  db: CaseStore['db'],
  columns: Set<string>,
  caseId: string,
  profileId: string | null,
  j: ArchiveCase['jobs'][number],
): void {
  const values: Record<string, unknown> = {
    id: j.id,
    case_id: caseId,
    kind: j.payload.kind,
    payload: JSON.stringify(j.payload),
    // A job that was running when exported is sent again here after its outcome is reconciled.
    state: j.state === 'running' ? 'ready' : j.state,
    attempts: j.attempts,
    next_attempt_at: 0,
    idempotency_key: j.idempotencyKey,
    maybe_sent: j.maybeSent || j.state === 'running' ? 1 : 0,
    error: j.error,
    error_permanent: j.errorPermanent ? 1 : 0,
    created_at: j.createdAt,
  };
  if (columns.has('profile_id')) values.profile_id = profileId;
  const names = Object.keys(values);
  db.prepare(`INSERT INTO jobs (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`).run(
    values,
  );
}

function collect(parts: Buffer[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      parts.push(chunk);
      callback();
    },
  });
}

/**
 * The decrypted body: reads the manifest, then streams each file of a case new to this laptop into
 * the vault (re-encrypted under this laptop's key) and reads past the others.
 */
class ArchiveReader extends Writable {
  private head: Buffer[] = [];
  private headBytes = 0;
  private manifest: ArchiveManifest | null = null;
  private wanted = new Set<string>();
  private fileIndex = 0;
  private current: {
    file: ArchiveFile;
    remaining: number;
    sink: ReturnType<Vault['writeStream']> | null;
  } | null = null;
  private readonly stored = new Map<string, string>();
  private readonly writtenIds: string[] = [];
  /** Every vault write started, settled or not: a failed import removes each one that completed. */
  private readonly inflight: Promise<unknown>[] = [];

  constructor(
    private readonly vault: Vault,
    private readonly newCases: (manifest: ArchiveManifest) => Set<string>,
  ) {
    super();
  }

  /** Ids of every file this import wrote into the vault, once no write is still under way. */
  async settledFiles(): Promise<string[]> {
    this.current?.sink?.stream.destroy();
    await Promise.all(this.inflight);
    return [...this.writtenIds];
  }

  result(): { manifest: ArchiveManifest; stored: Map<string, string> } {
    return { manifest: this.manifest!, stored: this.stored };
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.consume(chunk).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.finishEmptyFiles()
      .then(() => {
        if (!this.manifest) throw new ArchiveDamagedError('cut short');
        if (this.current || this.fileIndex < this.manifest.files.length)
          throw new ArchiveDamagedError('files missing');
        callback();
      })
      .catch(callback);
  }

  private async consume(chunk: Buffer): Promise<void> {
    let data = chunk;
    if (!this.manifest) {
      this.head.push(data);
      this.headBytes += data.length;
      const all = Buffer.concat(this.head, this.headBytes);
      if (all.length < 4) return;
      const length = all.readUInt32BE(0);
      if (length > MAX_MANIFEST_BYTES) throw new ArchiveDamagedError('manifest too large');
      if (all.length < 4 + length) {
        this.head = [all];
        return;
      }
      const parsed = ArchiveManifestSchema.safeParse(
        JSON.parse(all.subarray(4, 4 + length).toString('utf8')),
      );
      if (!parsed.success)
        throw new ArchiveDamagedError('its contents list is not one this version understands');
      this.manifest = parsed.data;
      this.wanted = this.newCases(parsed.data);
      this.head = [];
      data = all.subarray(4 + length);
    }
    while (data.length > 0) {
      await this.finishEmptyFiles();
      const current = this.startFile();
      if (!current) throw new ArchiveDamagedError('more bytes than its contents list');
      const take = Math.min(current.remaining, data.length);
      if (current.sink && !current.sink.stream.write(data.subarray(0, take))) {
        await new Promise<void>((resolve) => current.sink!.stream.once('drain', resolve));
      }
      current.remaining -= take;
      data = data.subarray(take);
      if (current.remaining === 0) await this.endFile();
    }
  }

  private startFile(): NonNullable<ArchiveReader['current']> | null {
    if (this.current) return this.current;
    const file = this.manifest!.files[this.fileIndex];
    if (!file) return null;
    const sink = this.wanted.has(file.caseId) ? this.vault.writeStream() : null;
    if (sink) {
      this.inflight.push(
        sink.done.then(
          (entry) => this.writtenIds.push(entry.id),
          () => undefined,
        ),
      );
    }
    this.current = { file, remaining: file.size, sink };
    return this.current;
  }

  private async endFile(): Promise<void> {
    const current = this.current!;
    this.current = null;
    this.fileIndex++;
    if (!current.sink) return;
    current.sink.stream.end();
    const entry = await current.sink.done;
    if (entry.size !== current.file.size) throw new ArchiveDamagedError('a file has the wrong length');
    this.stored.set(current.file.vaultId, entry.id);
  }

  private async finishEmptyFiles(): Promise<void> {
    while (this.manifest && !this.current && this.manifest.files[this.fileIndex]?.size === 0) {
      this.startFile();
      await this.endFile();
    }
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.current?.sink?.stream.destroy();
    callback(error);
  }
}
