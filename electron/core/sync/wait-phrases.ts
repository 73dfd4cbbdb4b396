// What a waiting job waits for, named after the job in front of it ("waiting for PEP review of
// Jane Doe"), so the queue screen and the case's steps say the same thing.
import type { CaseStore } from '../cases/case-store.js';
import type { JobPayload } from './job-kinds.js';
import { uboName } from './record.js';

export function waitPhrase(blocker: JobPayload, store: CaseStore): string {
  const who = () =>
    'uboId' in blocker && blocker.uboId ? uboName(store.getUbo(blocker.uboId)) : 'this person';
  switch (blocker.kind) {
    case 'entity.create':
      return 'waiting for the entity to be created';
    case 'entity.kyb':
      return 'waiting for the KYB details to be sent';
    case 'entity.sanctions-review':
      return 'waiting for the sanctions review';
    case 'entity.verify-organigram':
      return 'waiting for the ownership tree to be verified';
    case 'ubo.create':
      return `waiting for ${who()} to be added`;
    case 'ubo.update':
      return `waiting for the details of ${who()}`;
    case 'ubo.delete':
      return `waiting for ${who()} to be removed`;
    case 'ubo.pep-confirm':
      return `waiting for PEP review of ${who()}`;
    case 'ubo.doc-upload':
      return `waiting for the documents of ${who()}`;
    case 'ubo.doc-confirm':
      return `waiting for document confirmation of ${who()}`;
    case 'entity.shareholding-confirm':
      return 'waiting for shareholding confirmation';
    case 'entity.doc-upload':
      return 'waiting for the entity documents';
    case 'entity.doc-confirm':
      return 'waiting for the entity documents to be confirmed';
    case 'entity.decision':
    case 'individual.decision':
      return 'waiting for the decision to be sent';
    case 'individual.create':
      return 'waiting for the client to be created';
    case 'individual.update':
      return 'waiting for the client details to be sent';
    case 'individual.aml-screening':
      return 'waiting for the AML screening';
    case 'individual.external-validation':
      return 'waiting for the external validation';
    case 'individual.pep-decision':
      return 'waiting for the PEP and sanctions decision';
    case 'individual.doc-upload':
      return 'waiting for the documents';
    case 'individual.confirm-docs':
      return 'waiting for the documents to be confirmed';
    case 'document.delete':
      return 'waiting for a document to be deleted';
  }
}
