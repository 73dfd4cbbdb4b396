// Review records leave with the case: whenever what a subject's record would say changes (a
// screening review recorded here, the ownership tree verified, the bank account checked), a new one
// is made and queued for upload as a document of that subject, under the partner's "Additional
// documents" group, like any captured document. Reviewers at other desks read the newest one. A
// service without that group keeps the record here, and the case's history says so.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../shared/domain/screening-review.js';
import {
  additionalGroupId,
  otherTypeId,
  REVIEW_RECORD_FORMAT,
  REVIEW_RECORD_PREFIX,
  reviewSubjectKey,
  type ReviewRecord,
  type ReviewRecordScreening,
} from '../../../shared/domain/review-record.js';
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import type { DocumentOwner, ScreeningReviewRecord } from '../../../shared/ipc/model.js';
import type { SanctionsSearchResults } from '../../../shared/api/index.js';
import type { NewDocument } from '../cases/document-commands.js';
import type { CaseStore } from '../cases/case-store.js';
import type { StoredCase } from '../cases/store/case-records.js';
import { finalityOf } from '../cases/finality.js';
import type { Vault } from '../vault/index.js';
import { writeReviewRecordPdf } from './review-record-pdf.js';

export interface ReviewRecordsDeps {
  store: Pick<CaseStore, 'db' | 'cases' | 'people'>;
  vault: Vault;
  lookups: () => LookupBundle;
  actingUserId: () => string | null;
  /** The one way a document joins a case and is queued (document-commands.ts). */
  addDocument: (doc: NewDocument, history: string) => void;
  audit: (action: string, caseId: string, detail: string) => void;
  log?: (event: string, detail: Record<string, unknown>) => void;
  now?: () => Date;
}

/** A record a subject of the case would carry now, with where it goes. */
interface Wanted {
  key: string;
  owner: DocumentOwner;
  side: 'entity' | 'individual';
  record: ReviewRecord;
  results: SanctionsSearchResults | null;
}

const screeningOf = (
  record: ScreeningReviewRecord | null,
  adverse: boolean | undefined,
): ReviewRecordScreening | null =>
  record && record.madeOn === 'here'
    ? {
        fingerprint: record.fingerprint,
        dispositions: record.dispositions,
        reviewedBy: record.reviewedBy,
        reviewedAt: record.reviewedAt,
        adverseSearchKYC: adverse ?? record.dispositions.some((d) => d.verdict === 'true-match'),
      }
    : null;

/** What the record says, without when and where it was made: equal digests, nothing new to send. */
const digestOf = (record: ReviewRecord): string =>
  createHash('sha256')
    .update(canonicalJson({ ...record, recordedAt: null, recordedBy: null }))
    .digest('hex');

const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60) || 'subject';

export class ReviewRecords {
  private readonly due = new Set<string>();
  private readonly seen = new Set<string>();
  private running: Promise<void> | null = null;

  constructor(private readonly deps: ReviewRecordsDeps) {}

  /**
   * A case was opened: looked at once per session (a case whose reviews were recorded before
   * records existed gets its records then); after that its changes ask.
   */
  opened(caseId: string): void {
    if (this.seen.has(caseId)) return;
    this.seen.add(caseId);
    this.consider(caseId);
  }

  /** The case changed: its records are looked at shortly, one case after another. */
  consider(caseId: string): void {
    this.due.add(caseId);
    this.running ??= this.drain().finally(() => (this.running = null));
  }

  /**
   * The case's records are made now, before the caller answers: what a review or a check recorded
   * is queued to the service before anything queued after it (a confirmation) can close the door.
   */
  async made(caseId: string): Promise<void> {
    this.consider(caseId);
    await this.settled();
  }

  /** Waits until every case considered so far has been looked at (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // Let the change that asked finish its work (and more changes gather) first.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.due.size > 0) {
      const [caseId] = this.due;
      this.due.delete(caseId!);
      try {
        await this.make(caseId!);
      } catch (error) {
        this.deps.log?.('internal-error', {
          where: 'review-records',
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }

  /** The records each subject of the case would carry now (those with something recorded here). */
  private wanted(c: StoredCase): Wanted[] {
    if (!c.serverId) return [];
    const now = (this.deps.now?.() ?? new Date()).toISOString();
    const makers = [...new Set([c.createdBy, ...c.data.makers].filter((m): m is string => !!m))];
    const base = { format: REVIEW_RECORD_FORMAT, caseServerId: c.serverId, recordedAt: now, makers } as const;
    const recordedBy = this.deps.actingUserId();
    const out: Wanted[] = [];
    if (c.data.kind === 'entity') {
      const d = c.data;
      const screening = screeningOf(d.sanctionsReviewRecord, d.sanctionsReview?.adverseSearchKYC);
      const tree =
        d.showOrganigram && d.organigramRequested && c.origin === 'captured' ? d.organigramDraft : null;
      // The service takes the entity's documents from shareholding confirmation on (contract §5) and
      // none after their confirmation: the record is made in that window.
      if ((screening || tree) && d.shareholdingRequested && !d.docsConfirmRequested)
        out.push({
          key: 'entity',
          owner: { kind: 'entity' },
          side: 'entity',
          results: d.sanctionsSearchResults,
          record: {
            ...base,
            subject: { kind: 'entity', serverId: c.serverId, name: d.create.entityRegName },
            recordedBy: recordedBy ?? screening?.reviewedBy ?? null,
            screening,
            ownershipTree: tree,
            bankVerification: null,
          },
        });
      for (const u of this.deps.store.people.listUbos(c.id)) {
        const s = screeningOf(u.data.pepReviewRecord, u.data.pepReview?.adverseSearchKYC);
        if (u.removed || !u.serverId || !s || u.data.docsConfirmRequested) continue;
        out.push({
          key: reviewSubjectKey('ubo', u.serverId),
          owner: { kind: 'ubo', uboId: u.id },
          side: 'individual',
          results: u.data.screening,
          record: {
            ...base,
            subject: {
              kind: 'ubo',
              serverId: u.serverId,
              name: `${u.data.details.firstName} ${u.data.details.lastName}`.trim(),
            },
            recordedBy: recordedBy ?? s.reviewedBy,
            screening: s,
            ownershipTree: null,
            bankVerification: null,
          },
        });
      }
      return out;
    }
    const d = c.data;
    const screening = screeningOf(d.pepReviewRecord, d.pepDecision?.adverseSearchKYC);
    // The service takes an individual's documents after their confirmation too (a bank check made
    // later still travels).
    if (screening)
      out.push({
        key: 'individual',
        owner: { kind: 'individual' },
        side: 'individual',
        results: d.amlScreening,
        record: {
          ...base,
          subject: { kind: 'individual', serverId: c.serverId, name: c.title },
          recordedBy: recordedBy ?? screening.reviewedBy,
          screening,
          ownershipTree: null,
          bankVerification: d.bankVerification,
        },
      });
    return out;
  }

  private async make(caseId: string): Promise<void> {
    const c = this.deps.store.cases.getCase(caseId);
    if (!c || finalityOf(c)) return;
    const lookups = this.deps.lookups();
    const nameOf = (id: string | null) =>
      (id && lookups.users.find((u) => u.id === id)?.name) || (id ? `user ${id.slice(0, 8)}` : 'not known');
    for (const want of this.wanted(c)) {
      const digest = digestOf(want.record);
      if (c.data.reviewRecords[want.key]?.digest === digest) continue;
      const groupId = additionalGroupId(
        want.side === 'entity' ? lookups.entityDocGroups : lookups.individualDocGroups,
      );
      const typeId =
        groupId === null
          ? null
          : otherTypeId(
              want.side === 'entity' ? lookups.entityDocTypes : lookups.individualDocTypes,
              groupId,
            );
      if (groupId === null || typeId === null) {
        this.remember(caseId, want.key, digest);
        this.deps.audit(
          'review-record.kept-here',
          caseId,
          `The service has no “Additional documents” group with an “Other” type, so the review record of ${want.record.subject.name} stays on this laptop: reviewers elsewhere will not see its dispositions`,
        );
        continue;
      }
      const { bytes, pages } = await writeReviewRecordPdf(want.record, { nameOf, results: want.results });
      const entry = await this.deps.vault.importFile(bytes);
      const stamp = want.record.recordedAt.slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
      try {
        this.deps.store.db.transaction(() => {
          const fresh = this.deps.store.cases.getCase(caseId);
          if (!fresh || finalityOf(fresh) || fresh.data.reviewRecords[want.key]?.digest === digest) {
            throw new AlreadyKept();
          }
          this.deps.addDocument(
            {
              caseId,
              owner: want.owner,
              pairs: [{ groupId, typeId }],
              filename: `${REVIEW_RECORD_PREFIX}-${slug(want.record.subject.name)}-${stamp}.pdf`,
              mimeType: 'application/pdf',
              size: bytes.length,
              sha256: createHash('sha256').update(bytes).digest('hex'),
              pageCount: pages,
              vaultId: entry.id,
            },
            `Review record of ${want.record.subject.name} made, to go with the case to the service`,
          );
          this.remember(caseId, want.key, digest);
        })();
      } catch (error) {
        await this.deps.vault.purge([entry.id]);
        if (!(error instanceof AlreadyKept)) throw error;
      }
    }
  }

  private remember(caseId: string, key: string, digest: string): void {
    const c = this.deps.store.cases.getCase(caseId);
    if (!c) return;
    c.data.reviewRecords = {
      ...c.data.reviewRecords,
      [key]: { digest, serviceDocId: c.data.reviewRecords[key]?.serviceDocId ?? null },
    };
    this.deps.store.cases.saveCase(c);
  }
}

class AlreadyKept extends Error {}
