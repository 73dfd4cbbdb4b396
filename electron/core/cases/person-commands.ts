// What a person does to one owner (UBO) of an entity: their details, removal, PEP review and the
// confirmation of their documents.
import { randomUUID } from 'node:crypto';
import type { UboBody } from '../../../shared/api/index.js';
import type { ScreeningAttestation } from '../../../shared/domain/index.js';
import { personName } from '../../../shared/domain/index.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { CaseCommandKit } from './case-commands.js';
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
      checkOwnerShare(this.kit.store.listUbos(caseId), undefined, body);
      const id = randomUUID();
      return this.kit.tx(caseId, () => {
        this.kit.store.insertUbo({
          id,
          caseId,
          position: this.kit.store.nextUboPosition(caseId),
          serverId: null,
          origin: 'manual',
          removed: false,
          // externalId lets an add whose answer was lost be found in the owner list again.
          data: newUboData({ ...body, externalId: body.externalId ?? id }, true),
        });
        this.kit.deps.jobs.add(caseId, { kind: 'ubo.create', uboId: id });
        this.kit.touch(c);
        this.kit.deps.audit('ubo.create', caseId, `${personName(body)} added`);
        return id;
      });
    }
    const ubo = this.kit.requireUbo(caseId, uboId);
    this.kit.gate(c, { type: 'ubo-update', uboId });
    if (!c.data.showOrganigram) checkOwnerShare(this.kit.store.listUbos(caseId), uboId, body);
    return this.kit.tx(caseId, () => {
      ubo.data.details = { ...body, externalId: body.externalId ?? ubo.data.details.externalId };
      ubo.data.detailsCompleted = true;
      ubo.data.detailsSynced = false;
      this.kit.store.saveUbo(ubo);
      // A person not yet created on the service is sent whole by its create job.
      const creating = this.kit.deps.jobs
        .ofCase(caseId)
        .some(
          (j) =>
            j.payload.kind === 'ubo.create' &&
            j.payload.uboId === uboId &&
            !j.maybeSent &&
            j.state === 'ready',
        );
      if (!creating) this.kit.enqueue(caseId, { kind: 'ubo.update', uboId });
      this.kit.touch(c);
      this.kit.deps.audit('ubo.update', caseId, `Details of ${personName(body)} saved`);
      return uboId;
    });
  }

  removeUbo(caseId: string, uboId: string): void {
    const c = this.kit.requireEntity(caseId);
    const ubo = this.kit.requireUbo(caseId, uboId);
    if (c.data.showOrganigram)
      throw new DeskError('not-allowed', 'For this entity type people are removed in the ownership tree.');
    this.kit.gate(c, { type: 'ubo-delete', uboId });
    this.kit.tx(caseId, () => {
      const jobs = this.kit.deps.jobs.ofCase(caseId);
      const createJob = jobs.find((j) => j.payload.kind === 'ubo.create' && j.payload.uboId === uboId);
      const neverSent =
        ubo.serverId === null && (!createJob || (!createJob.maybeSent && createJob.state !== 'running'));
      // Drop the person's own queued work; their documents go with them.
      for (const j of jobs) {
        if ('uboId' in j.payload && j.payload.uboId === uboId && j.state !== 'running')
          this.kit.deps.removal.withdraw(j.id);
      }
      for (const d of this.kit.store.listDocuments(caseId)) {
        if (d.owner.kind === 'ubo' && d.owner.uboId === uboId)
          this.kit.store.saveDocumentState(d.id, { removed: true });
      }
      if (neverSent) this.kit.store.deleteUbo(uboId);
      else {
        ubo.removed = true;
        this.kit.store.saveUbo(ubo);
        this.kit.deps.jobs.add(caseId, { kind: 'ubo.delete', uboId });
      }
      this.kit.touch(c);
      this.kit.deps.audit('ubo.delete', caseId, `${personName(ubo.data.details)} removed`);
    });
  }

  uboPepConfirm(caseId: string, uboId: string, review: ReviewInput, screening: ScreeningAttestation): void {
    const c = this.kit.requireEntity(caseId);
    const ubo = this.kit.requireUbo(caseId, uboId);
    this.kit.gate(c, { type: 'ubo-pep-confirm', uboId });
    const subject = personName(ubo.data.details);
    const attested = this.kit.attest(ubo.data.screening, screening, review.adverseSearchKYC, subject);
    this.kit.tx(caseId, () => {
      ubo.data.pepReview = {
        adverseSearchKYC: attested.adverseSearchKYC,
        pepConfirmReviewed: review.pepConfirmReviewed,
      };
      ubo.data.pepReviewRecord = attested.record;
      ubo.data.pepSynced = false;
      this.kit.store.saveUbo(ubo);
      this.kit.enqueue(caseId, { kind: 'ubo.pep-confirm', uboId });
      this.kit.touch(c);
      this.kit.auditDispositions(caseId, ubo.data.screening, attested.record, subject);
      this.kit.deps.audit(
        'ubo.pep-confirm',
        caseId,
        `PEP review of ${personName(ubo.data.details)} recorded`,
      );
    });
  }

  uboConfirmDocs(caseId: string, uboId: string): void {
    const c = this.kit.requireEntity(caseId);
    const ubo = this.kit.requireUbo(caseId, uboId);
    this.kit.gate(c, { type: 'ubo-doc-confirm', uboId });
    if (ubo.data.docsConfirmRequested) return;
    this.kit.tx(caseId, () => {
      ubo.data.docsConfirmRequested = true;
      this.kit.store.saveUbo(ubo);
      this.kit.deps.jobs.add(caseId, { kind: 'ubo.doc-confirm', uboId });
      this.kit.touch(c);
      this.kit.deps.audit(
        'ubo.doc-confirm',
        caseId,
        `Documents of ${personName(ubo.data.details)} confirmed`,
      );
    });
  }
}
