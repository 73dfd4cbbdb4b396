// Whole applications captured through the IPC contract, as a person at the counter would: used by
// the offline, crash and fault tests.
import { randomUUID } from 'node:crypto';
import type { SanctionsSearchResults } from '../../shared/api/index.js';
import {
  makeSouthAfricanId,
  screeningFingerprint,
  screeningHits,
  type ScreeningAttestation,
} from '../../shared/domain/index.js';
import type { CaseDetail, DocumentOwner, EntityCase, IndividualCase } from '../../shared/ipc/model.js';
import { waitFor, type TestCore } from './core-harness.js';
import { bulkPdf, makePdf } from './documents.js';

let counter = 0;
export const saId = () =>
  makeSouthAfricanId({
    birthDate: '1985-04-12',
    gender: 'Female',
    citizenship: 'citizen',
    sequence: 100 + (counter++ % 4000),
  });

export async function captureDocument(
  t: TestCore,
  caseId: string,
  owner: DocumentOwner,
  pair: { groupId: number; typeId: number },
  name: string,
) {
  const draft = await t.call('documents.startDraft', { caseId, owner });
  const added = await t.call('documents.addPages', {
    draftId: draft.id,
    files: [{ name, bytes: await makePdf(`${name} ${randomUUID()}`) }],
  });
  if (added.refused.length) throw new Error(`refused: ${JSON.stringify(added.refused)}`);
  return t.call('documents.submitDraft', { draftId: draft.id, pairs: [pair] });
}

/** One document per required group of a checklist. */
export async function captureChecklist(
  t: TestCore,
  caseId: string,
  owner: DocumentOwner,
  checklist: CaseDetail['checklist'],
  prefix: string,
) {
  for (const item of checklist.items) {
    await captureDocument(
      t,
      caseId,
      owner,
      { groupId: item.groupId, typeId: item.types[0]!.id },
      `${prefix} ${item.name}.pdf`,
    );
  }
}

const entity = async (t: TestCore, caseId: string) => (await t.call('cases.get', { caseId })) as EntityCase;
const individual = async (t: TestCore, caseId: string) =>
  (await t.call('cases.get', { caseId })) as IndividualCase;

/** What a reviewer attests for these results: each hit read and marked a false positive. */
export function falsePositives(results: SanctionsSearchResults | null | undefined): ScreeningAttestation {
  const fingerprint = screeningFingerprint(results);
  if (!fingerprint) throw new Error('no screening results to attest');
  return {
    fingerprint,
    dispositions: screeningHits(results).map((h) => ({
      hitKey: h.key,
      verdict: 'false-positive',
      reason: 'Different person: date of birth differs',
    })),
  };
}

/** Waits for the entity's screening results (the queue must be able to reach the service) and reviews them. */
export async function reviewEntitySanctions(t: TestCore, caseId: string): Promise<void> {
  const c = await waitFor(
    'entity screening results',
    () => entity(t, caseId),
    (x) => x.sanctionsSearchResults !== null,
    60_000,
  );
  await t.call('entity.sanctionsReview', {
    caseId,
    review: { pepConfirmReviewed: true },
    screening: falsePositives(c.sanctionsSearchResults),
  });
}

/** Waits for an individual's screening and bureau answers and records the PEP decision on them. */
export async function reviewIndividual(t: TestCore, caseId: string): Promise<void> {
  const c = await waitFor(
    'screening and bureau answers',
    () => individual(t, caseId),
    (x) => x.amlScreening !== null && x.externalValidation !== null,
    60_000,
  );
  await t.call('individual.pepDecision', {
    caseId,
    pepConfirmReviewed: true,
    clientForeignOfficial: false,
    screening: falsePositives(c.amlScreening),
  });
}

/** Waits for a person's screening results and records their PEP review. */
export async function reviewUbo(t: TestCore, caseId: string, uboId: string): Promise<void> {
  const c = await waitFor(
    'person screening results',
    () => entity(t, caseId),
    (x) => x.ubos.find((u) => u.id === uboId)?.screening != null,
    60_000,
  );
  const ubo = c.ubos.find((u) => u.id === uboId)!;
  await t.call('entity.uboPepConfirm', {
    caseId,
    uboId,
    review: { pepConfirmReviewed: true },
    screening: falsePositives(ubo.screening),
  });
}

/**
 * An entity with one UBO, sent up to its entity-documents step (shareholding confirmed), for the
 * tests and the bench that then pour entity documents into the queue. Answers the case, its server
 * id and the first required document pair.
 */
export async function entityAtDocumentsStep(t: TestCore, name: string) {
  const { caseId } = await t.call('entity.create', {
    entityRegName: `${name} Holdings`,
    entityRegNumber: '2017/000000/07',
    entityType: 1,
  });
  await t.call('entity.saveKyb', { caseId, kyb: { entityTradingName: name } });
  await reviewEntitySanctions(t, caseId);
  const { uboId } = await t.call('entity.saveUbo', {
    caseId,
    body: { firstName: 'Bea', lastName: name, clientSACitizen: true, idNumber: saId() },
  });
  await reviewUbo(t, caseId, uboId);
  let c = await entity(t, caseId);
  for (const item of c.ubos[0]!.checklist.items) {
    await t.core.internals.drafts.importFile(
      caseId,
      { kind: 'ubo', uboId },
      [{ groupId: item.groupId, typeId: item.types[0]!.id }],
      `${item.name}.pdf`,
      bulkPdf(4096),
    );
  }
  await t.call('entity.uboConfirmDocs', { caseId, uboId });
  await t.call('entity.confirmShareholding', { caseId });
  await waitFor(
    'set-up sent',
    () => t.call('status.get', {}),
    (s) => s.unsentCount === 0 && s.failedCount === 0,
    60_000,
  );
  c = await entity(t, caseId);
  return {
    caseId,
    serverId: c.serverId!,
    pair: { groupId: c.checklist.items[0]!.groupId, typeId: c.checklist.items[0]!.types[0]!.id },
  };
}

/** An individual sent up to its documents step (PEP decision on the service). Answers the case, its server id and the first required pair. */
export async function individualAtDocumentsStep(t: TestCore, lastName: string) {
  const { caseId } = await t.call('individual.create', {
    firstName: 'Sam',
    lastName,
    clientSACitizen: true,
    idNumber: saId(),
    clientEmail: 'sam@example.com',
  });
  await t.call('individual.runScreening', { caseId });
  await t.call('individual.runValidation', { caseId });
  await reviewIndividual(t, caseId);
  await waitFor(
    'client sent',
    () => t.call('status.get', {}),
    (s) => s.unsentCount === 0 && s.failedCount === 0,
    60_000,
  );
  const c = (await t.call('cases.get', { caseId })) as IndividualCase;
  const item = c.checklist.items[0]!;
  return { caseId, serverId: c.serverId!, pair: { groupId: item.groupId, typeId: item.types[0]!.id } };
}

export interface EntityFlowOptions {
  name?: string;
  /** Extra entity documents beyond the required ones. */
  extraEntityDocs?: number;
  decide?: boolean;
  /** Pause the queue before the entity documents are captured, so they stay unsent (resume with queue.resume). */
  holdEntityDocs?: boolean;
  /** Runs for each owner after their required documents and before they are confirmed (the service takes none after). */
  beforeUboConfirm?: (caseId: string, uboId: string) => Promise<void>;
}

/**
 * The rest of an entity application once the service can answer: the sanctions review and each
 * person's PEP review on the results that arrived, documents, confirmations, the decision.
 */
export async function finishEntity(
  t: TestCore,
  caseId: string,
  options: EntityFlowOptions = {},
): Promise<void> {
  await reviewEntitySanctions(t, caseId);
  const before = await entity(t, caseId);
  if (before.showOrganigram && !before.organigram.verified) {
    // The tree is verified once the registry's directors are known (registration 000000: none).
    await waitFor(
      'registry answer',
      () => entity(t, caseId),
      (x) => x.serverId !== null,
      60_000,
    );
    await t.call('entity.verifyOrganigram', { caseId });
  }
  let c = await entity(t, caseId);
  for (const ubo of c.ubos) {
    await reviewUbo(t, caseId, ubo.id);
    c = await entity(t, caseId);
    const fresh = c.ubos.find((u) => u.id === ubo.id)!;
    const onFile = new Set(fresh.documents.flatMap((d) => d.pairs.map((p) => p.groupId)));
    await captureChecklist(
      t,
      caseId,
      { kind: 'ubo', uboId: ubo.id },
      { ...fresh.checklist, items: fresh.checklist.items.filter((i) => !onFile.has(i.groupId)) },
      `${fresh.details.firstName}`,
    );
    await options.beforeUboConfirm?.(caseId, ubo.id);
    await t.call('entity.uboConfirmDocs', { caseId, uboId: ubo.id });
  }
  await waitFor(
    'registry answer',
    () => entity(t, caseId),
    (x) => x.serverId !== null,
    60_000,
  );
  await t.call('entity.confirmShareholding', { caseId });
  if (options.holdEntityDocs) await t.call('queue.pause', {});
  c = await entity(t, caseId);
  await captureChecklist(t, caseId, { kind: 'entity' }, c.checklist, 'Entity');
  const extraGroup = c.checklist.items[0]!;
  for (let i = 0; i < (options.extraEntityDocs ?? 0); i++) {
    await captureDocument(
      t,
      caseId,
      { kind: 'entity' },
      { groupId: extraGroup.groupId, typeId: extraGroup.types[0]!.id },
      `Extra ${i}.pdf`,
    );
  }
  await t.call('entity.confirmDocs', { caseId });
  if (options.decide !== false) {
    // Maker and checker: the reviewer approves what the capturer captured.
    await t.asReviewer(() =>
      t.call('entity.decide', {
        caseId,
        decision: { onboardingDecision: 'Approved', approvedComments: 'All documents on file' },
      }),
    );
  }
}

/** Path A up to what needs the service's answers: create, KYB, one owner and their documents. Works offline. */
export async function startEntityPathA(t: TestCore, options: EntityFlowOptions = {}): Promise<string> {
  const { caseId } = await t.call('entity.create', {
    entityRegName: options.name ?? 'Offline Traders (Pty) Ltd',
    entityRegNumber: '2019/000000/07',
    entityType: 1,
  });
  await t.call('entity.saveKyb', {
    caseId,
    kyb: {
      entityTradingName: 'Offline Traders',
      addressCountry: 1,
      countriesTransactedWith: [1],
      entityDetailsConfirmed: true,
    },
  });
  const { uboId } = await t.call('entity.saveUbo', {
    caseId,
    body: {
      firstName: 'Jane',
      lastName: 'Doe',
      clientSACitizen: true,
      idNumber: saId(),
      isDirector: true,
      isShareholder: true,
      shareholderPercentage: '100',
    },
  });
  const c = await entity(t, caseId);
  await captureChecklist(t, caseId, { kind: 'ubo', uboId }, c.ubos[0]!.checklist, 'Jane');
  return caseId;
}

/** Path A: flat owner list. Registration number 000000 keeps the registry from adding directors. Needs the service. */
export async function captureEntityPathA(t: TestCore, options: EntityFlowOptions = {}): Promise<string> {
  const caseId = await startEntityPathA(t, options);
  await finishEntity(t, caseId, options);
  return caseId;
}

/** Path B up to what needs the service's answers: an ownership tree with a person and a trust with a trustee. Works offline. */
export async function startEntityPathB(t: TestCore, options: EntityFlowOptions = {}): Promise<string> {
  const { caseId } = await t.call('entity.create', {
    entityRegName: options.name ?? 'Layered Holdings (Pty) Ltd',
    entityRegNumber: '2018/000000/07',
    entityType: 4,
  });
  await t.call('entity.saveKyb', {
    caseId,
    kyb: { entityTradingName: 'Layered', addressCountry: 1, entityDetailsConfirmed: true },
  });
  const root = randomUUID();
  const trust = randomUUID();
  const tree = [
    {
      guid: root,
      shareholderType: 'Root' as const,
      shareholderEntityName: options.name ?? 'Layered Holdings (Pty) Ltd',
      shareholderPercentage: 100,
      uboPercentage: 100,
      children: [
        {
          guid: randomUUID(),
          parentGUID: root,
          shareholderType: 'Individual' as const,
          firstName: 'Mary',
          lastName: 'Major',
          uboID: null,
          shareholderPercentage: 60,
          uboPercentage: 60,
          isDirector: true,
          hasResolution: 'false' as const,
          children: [],
        },
        {
          guid: trust,
          parentGUID: root,
          shareholderType: 'Trust' as const,
          shareholderTrustName: 'Major Family Trust',
          shareholderPercentage: 40,
          uboPercentage: 40,
          children: [
            {
              guid: randomUUID(),
              parentGUID: trust,
              shareholderType: 'Individual' as const,
              firstName: 'Tom',
              lastName: 'Trustee',
              uboID: null,
              isTrustMember: true,
              shareholderPercentage: 100,
              uboPercentage: 40,
              hasResolution: 'false' as const,
              trustRelatedPartyTypes: JSON.stringify([{ id: 2, name: 'Trustee' }]),
              children: [],
            },
          ],
        },
      ],
    },
  ];
  await t.call('entity.saveOrganigram', { caseId, tree });
  const c = await entity(t, caseId);
  for (const ubo of c.ubos) {
    await t.call('entity.saveUbo', {
      caseId,
      uboId: ubo.id,
      body: {
        firstName: ubo.details.firstName,
        lastName: ubo.details.lastName,
        clientSACitizen: true,
        idNumber: saId(),
        isShareholder: true,
      },
    });
  }
  return caseId;
}

export interface IndividualFlowOptions {
  name?: string;
  extraDocs?: number;
  decide?: boolean;
}

/** An individual up to what needs the service's answers: create, screening and validation asked for, documents. Works offline. */
export async function startIndividual(t: TestCore, options: IndividualFlowOptions = {}): Promise<string> {
  const [firstName, lastName] = (options.name ?? 'Ivy Individual').split(' ');
  const { caseId } = await t.call('individual.create', {
    firstName: firstName!,
    lastName: lastName ?? 'Client',
    clientSACitizen: true,
    idNumber: saId(),
    clientEmail: 'ivy@example.com',
  });
  await t.call('individual.runScreening', { caseId });
  await t.call('individual.runValidation', { caseId });
  const c = await individual(t, caseId);
  await captureChecklist(t, caseId, { kind: 'individual' }, c.checklist, 'Ivy');
  const group = c.checklist.items[0]!;
  for (let i = 0; i < (options.extraDocs ?? 0); i++) {
    await captureDocument(
      t,
      caseId,
      { kind: 'individual' },
      { groupId: group.groupId, typeId: group.types[0]!.id },
      `Ivy extra ${i}.pdf`,
    );
  }
  return caseId;
}

/** The PEP decision on the results that arrived, the documents confirmation and the decision. */
export async function finishIndividual(
  t: TestCore,
  caseId: string,
  options: IndividualFlowOptions = {},
): Promise<void> {
  await reviewIndividual(t, caseId);
  const after = await individual(t, caseId);
  const onFile = new Set(after.documents.flatMap((d) => d.pairs.map((p) => p.groupId)));
  await captureChecklist(
    t,
    caseId,
    { kind: 'individual' },
    { ...after.checklist, items: after.checklist.items.filter((i) => !onFile.has(i.groupId)) },
    'Ivy',
  );
  await t.call('individual.confirmDocs', { caseId });
  if (options.decide !== false)
    await t.asReviewer(() =>
      t.call('individual.decide', {
        caseId,
        onboardingDecision: 'Approved',
        additionalComments: 'Complete',
      }),
    );
}

/** A whole individual application. Needs the service. */
export async function captureIndividual(t: TestCore, options: IndividualFlowOptions = {}): Promise<string> {
  const caseId = await startIndividual(t, options);
  await finishIndividual(t, caseId, options);
  return caseId;
}
