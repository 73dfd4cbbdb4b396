// Pages captured and not yet queued are never lost from sight: each owner's drafts with pages are
// listed for its Documents step, across a restart, for entity, person and individual alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentOwner } from '../../../shared/ipc/model.js';
import { startTestCore, testSecrets, type TestCore } from '../../support/core-harness.js';
import { makePdf } from '../../support/documents.js';
import { preparedDraft } from '../../support/drafts.js';
import { saId } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

describe('drafts left with pages', () => {
  let sandbox: TestSandbox;
  let t: TestCore;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      secretStore: testSecrets('memory'),
      startQueue: false,
    });
    await t.call('lookups.refresh', {});
  });

  afterAll(async () => {
    await t?.core.shutdown();
    await sandbox?.stop();
  });

  async function halfCaptured(caseId: string, owner: DocumentOwner, pages: number) {
    const draft = await t.call('documents.startDraft', { caseId, owner });
    const files = await Promise.all(
      Array.from({ length: pages }, async (_, i) => ({
        name: `page ${i + 1}.pdf`,
        bytes: await makePdf(`${caseId} ${i}`),
      })),
    );
    await t.call('documents.addPages', { draftId: draft.id, files });
    return preparedDraft(t, draft.id);
  }

  it('are listed for their owner only, with their pages, across a restart; empty ones are not', async () => {
    const { caseId: individualCase } = await t.call('individual.create', {
      firstName: 'Draft',
      lastName: 'Keeper',
      clientSACitizen: true,
      idNumber: saId(),
    });
    const { caseId: entityCase } = await t.call('entity.create', {
      entityRegName: 'Draft Keepers (Pty) Ltd',
      entityRegNumber: '2019/000000/07',
      entityType: 1,
    });
    await t.call('entity.saveKyb', {
      caseId: entityCase,
      kyb: { entityTradingName: 'Draft Keepers', addressCountry: 1, entityDetailsConfirmed: true },
    });
    const { uboId } = await t.call('entity.saveUbo', {
      caseId: entityCase,
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
    const individual = await halfCaptured(individualCase, { kind: 'individual' }, 3);
    const entity = await halfCaptured(entityCase, { kind: 'entity' }, 2);
    const person = await halfCaptured(entityCase, { kind: 'ubo', uboId }, 1);
    // Opened (the scanner chosen) but nothing added: nothing to resume.
    await t.call('documents.startDraft', { caseId: individualCase, owner: { kind: 'individual' } });

    await t.restart();
    const list = (caseId: string, owner: DocumentOwner) => t.call('documents.listDrafts', { caseId, owner });
    const mine = await list(individualCase, { kind: 'individual' });
    expect(mine.map((d) => [d.id, d.pages.length])).toEqual([[individual.id, 3]]);
    expect(mine[0]!.createdAt).toBe(individual.createdAt);
    expect(mine[0]!.sizeBytes).toBeGreaterThan(0);
    expect((await list(entityCase, { kind: 'entity' })).map((d) => d.id)).toEqual([entity.id]);
    expect((await list(entityCase, { kind: 'ubo', uboId })).map((d) => d.id)).toEqual([person.id]);

    // Resumed, it takes pages and is queued as any draft; discarded, it is gone.
    const resumed = await t.call('documents.addPages', {
      draftId: individual.id,
      files: [{ name: 'page 4.pdf', bytes: await makePdf('fourth') }],
    });
    expect(resumed.draft.pages).toHaveLength(4);
    await t.call('documents.discardDraft', { draftId: entity.id });
    expect(await list(entityCase, { kind: 'entity' })).toEqual([]);
  });
});
