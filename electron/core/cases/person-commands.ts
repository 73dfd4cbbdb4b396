// What a person does to one owner (UBO) of an entity: their details, removal, PEP review and the
// confirmation of their documents.
import { randomUUID } from 'node:crypto';
import type { UboBody } from '../../../shared/api/index.js';
import type { ScreeningAttestation } from '../../../shared/domain/index.js';
import { personName } from '../../../shared/domain/index.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { CaseCommandKit } from './case-commands.js';
import type { StoredUbo } from './store/people.js';
import type { ReviewInput } from './review-input.js';
import { newUboData } from './ubo-data.js';
import { checkOwnerShare } from './shareholding-check.js';

export class PersonCommands {
  constructor(private readonly kit: CaseCommandKit) {}

  saveUbo(caseId: string, uboId: string | undefined, body: UboBody): string {
    const c = this.kit.requireEntity(caseId);
    if (uboId === undefined) {
      if (c.data.showOrganigram) {
        throw new DeskError(
          'not-allowed',
          'For this entity type people are added in the ownership tree, not one by one.',
        );
      }
      this.kit.gate(c, { type: 'ubo-create' });
      checkOwnerShare(this.kit.store.people.listUbos(caseId), undefined, body);
      const id = randomUUID();
      this.kit.record(caseId, {
        write: () =>
          this.kit.store.people.insertUbo({
            id,
            caseId,
            position: this.kit.store.people.nextUboPosition(caseId),
            serverId: null,
            origin: 'manual',
            removed: false,
            // externalId lets an add whose answer was lost be found in the owner list again.
            data: newUboData({ ...body, externalId: body.externalId ?? id }, true),
          }),
        touches: c,
        job: { add: { kind: 'ubo.create', uboId: id } },
        audit: ['ubo.create', `${personName(body)} added`],
      });
      return id;
    }
    const ubo = this.kit.requireUbo(caseId, uboId);
    this.kit.gate(c, { type: 'ubo-update', uboId });
    if (!c.data.showOrganigram) checkOwnerShare(this.kit.store.people.listUbos(caseId), uboId, body);
    this.kit.record(caseId, {
      write: () => {
        ubo.data.details = { ...body, externalId: body.externalId ?? ubo.data.details.externalId };
        ubo.data.detailsCompleted = true;
        ubo.data.detailsSynced = false;
        this.kit.store.people.saveUbo(ubo);
        // A person not yet created on the service is sent whole by its create job.
        return this.kit
          .jobsOf(caseId)
          .some(
            (j) =>
              j.payload.kind === 'ubo.create' &&
              j.payload.uboId === uboId &&
              !j.maybeSent &&
              j.state === 'ready',
          );
      },
      touches: c,
      job: (creating) => (creating ? null : { addUnlessWaiting: { kind: 'ubo.update', uboId } }),
      audit: ['ubo.update', `Details of ${personName(body)} saved`],
    });
    return uboId;
  }

  removeUbo(caseId: string, uboId: string): void {
    const c = this.kit.requireEntity(caseId);
    const ubo = this.kit.requireUbo(caseId, uboId);
    if (c.data.showOrganigram)
      throw new DeskError('not-allowed', 'For this entity type people are removed in the ownership tree.');
    this.kit.gate(c, { type: 'ubo-delete', uboId });
    this.kit.record(caseId, {
      write: () => this.takeBack(caseId, ubo),
      touches: c,
      job: (neverSent) => (neverSent ? null : { add: { kind: 'ubo.delete', uboId } }),
      audit: ['ubo.delete', `${personName(ubo.data.details)} removed`],
    });
  }

  /**
   * Takes the person's queued work and documents back; one never sent goes for good, one on the
   * service stays marked removed until its deletion is sent. Answers whether it was never sent.
   */
  private takeBack(caseId: string, ubo: StoredUbo): boolean {
    const uboId = ubo.id;
    const jobs = this.kit.jobsOf(caseId);
    const createJob = jobs.find((j) => j.payload.kind === 'ubo.create' && j.payload.uboId === uboId);
    const neverSent =
      ubo.serverId === null && (!createJob || (!createJob.maybeSent && createJob.state !== 'running'));
    // Drop the person's own queued work; their documents go with them.
    for (const j of jobs) {
      if ('uboId' in j.payload && j.payload.uboId === uboId && j.state !== 'running') this.kit.withdraw(j.id);
    }
    for (const d of this.kit.store.documents.listDocuments(caseId)) {
      if (d.owner.kind === 'ubo' && d.owner.uboId === uboId)
        this.kit.store.documents.saveDocumentState(d.id, { removed: true });
    }
    if (neverSent) this.kit.store.people.deleteUbo(uboId);
    else {
      ubo.removed = true;
      this.kit.store.people.saveUbo(ubo);
    }
    return neverSent;
  }

  uboPepConfirm(caseId: string, uboId: string, review: ReviewInput, screening: ScreeningAttestation): void {
    const c = this.kit.requireEntity(caseId);
    const ubo = this.kit.requireUbo(caseId, uboId);
    this.kit.gate(c, { type: 'ubo-pep-confirm', uboId });
    const subject = personName(ubo.data.details);
    const attested = this.kit.attest(ubo.data.screening, screening, review.adverseSearchKYC, subject);
    this.kit.record(caseId, {
      write: () => {
        ubo.data.pepReview = {
          adverseSearchKYC: attested.adverseSearchKYC,
          pepConfirmReviewed: review.pepConfirmReviewed,
        };
        ubo.data.pepReviewRecord = attested.record;
        ubo.data.pepSynced = false;
        this.kit.store.people.saveUbo(ubo);
      },
      touches: c,
      job: { addUnlessWaiting: { kind: 'ubo.pep-confirm', uboId } },
      dispositions: { results: ubo.data.screening, record: attested.record, subject },
      audit: ['ubo.pep-confirm', `PEP review of ${personName(ubo.data.details)} recorded`],
    });
  }

  uboConfirmDocs(caseId: string, uboId: string): void {
    const c = this.kit.requireEntity(caseId);
    const ubo = this.kit.requireUbo(caseId, uboId);
    this.kit.gate(c, { type: 'ubo-doc-confirm', uboId });
    if (ubo.data.docsConfirmRequested) return;
    this.kit.record(caseId, {
      write: () => {
        ubo.data.docsConfirmRequested = true;
        this.kit.store.people.saveUbo(ubo);
      },
      touches: c,
      job: { add: { kind: 'ubo.doc-confirm', uboId } },
      audit: ['ubo.doc-confirm', `Documents of ${personName(ubo.data.details)} confirmed`],
    });
  }
}
