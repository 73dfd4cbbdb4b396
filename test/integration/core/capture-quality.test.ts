// Bad scans caught before they travel: a page that would be hard to read is marked at capture with
// the reason and its figure, and the document is queued only once the person keeps it (or replaces it).
import { describe, expect, it } from 'vitest';
import { DeskError } from '../../../shared/ipc/errors.js';
import { addPreparedPages } from '../../support/drafts.js';
import { saId } from '../../support/flows.js';
import { blurredPage, sharpPage } from '../../support/page-fixtures.js';
import { suiteCore } from '../../support/suite-core.js';

describe('page checks at capture', () => {
  const run = suiteCore({ lookups: false });

  async function draftWith(pages: Buffer[]) {
    const { caseId } = await run.t.call('individual.create', {
      firstName: 'Quality',
      lastName: 'Check',
      clientSACitizen: true,
      idNumber: saId(),
    });
    const draft = await run.t.call('documents.startDraft', { caseId, owner: { kind: 'individual' } });
    const added = await addPreparedPages(run.t, {
      draftId: draft.id,
      files: pages.map((bytes, i) => ({ name: `page-${i + 1}.jpg`, bytes: new Uint8Array(bytes) })),
    });
    return { caseId, draft: added.draft };
  }

  const pairs = [{ groupId: 1, typeId: 1 }];

  it('marks a blurred page with its reason and figure, and leaves a sharp one unmarked', async () => {
    const { draft } = await draftWith([await sharpPage(), await blurredPage(3)]);
    expect(draft.pages[0]!.quality).toBeNull();
    expect(draft.pages[1]!.quality).toEqual({
      kept: false,
      problems: [
        {
          kind: 'blurred',
          message: expect.stringMatching(/^Blurred: sharpness \d+ \(needs at least 500\)\.$/),
        },
      ],
    });
  });

  it('queues the document only once the person keeps the marked page', async () => {
    const { caseId, draft } = await draftWith([await sharpPage(), await blurredPage(3)]);
    const refused = await run.t
      .call('documents.submitDraft', { draftId: draft.id, pairs })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DeskError);
    expect((refused as DeskError).message).toMatch(/^Page 2 may be hard to read \(Blurred: sharpness \d+/);
    expect((await run.t.call('cases.get', { caseId })).documents).toHaveLength(0);

    const kept = await run.t.call('documents.keepPage', { draftId: draft.id, pageId: draft.pages[1]!.id });
    expect(kept.pages[1]!.quality?.kept).toBe(true);
    const doc = await run.t.call('documents.submitDraft', { draftId: draft.id, pairs });
    expect(doc.pageCount).toBe(2);
  });
});
