// Page previews of a draft: a screen-size JPEG per page rendered by the core once and kept, never
// the whole picked file per page (a 10-page, 40 MB PDF used to cross to the renderer ten times).
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addPreparedPages } from '../../support/drafts.js';
import { makePdf } from '../../support/documents.js';
import { saId } from '../../support/flows.js';
import { suiteCore } from '../../support/suite-core.js';

describe('draft page previews', () => {
  const run = suiteCore({ startQueue: false, lookups: false });

  const newDraft = async () => {
    const { caseId } = await run.t.call('individual.create', {
      firstName: 'Petra',
      lastName: 'Preview',
      clientSACitizen: true,
      idNumber: saId(),
    });
    return run.t.call('documents.startDraft', { caseId, owner: { kind: 'individual' } });
  };

  it('shows each page of a PDF as its own image at screen size, the same bytes every time', async () => {
    const draft = await newDraft();
    const pdf = await makePdf('statement', 3);
    const added = await addPreparedPages(run.t, {
      draftId: draft.id,
      files: [{ name: 'statement.pdf', bytes: pdf }],
    });
    const previews = [];
    for (const page of added.draft.pages)
      previews.push(await run.t.call('documents.pagePreview', { draftId: draft.id, pageId: page.id }));

    expect(previews.map((p) => [p.mimeType, p.pdfPage])).toEqual([
      ['image/jpeg', 1],
      ['image/jpeg', 2],
      ['image/jpeg', 3],
    ]);
    for (const preview of previews) {
      const meta = await sharp(preview.bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1600);
    }
    // Distinct pages, distinct pictures; asked again, the kept picture.
    expect(new Set(previews.map((p) => Buffer.from(p.bytes).toString('base64'))).size).toBe(3);
    const again = await run.t.call('documents.pagePreview', {
      draftId: draft.id,
      pageId: added.draft.pages[1]!.id,
    });
    expect(Buffer.from(again.bytes).equals(Buffer.from(previews[1]!.bytes))).toBe(true);
  });

  it('shows a 12 MP photo as a picture 1600 px long, unturned when the clerk turns the page', async () => {
    const draft = await newDraft();
    const photo = await sharp(randomBytes(3000 * 4000 * 3), {
      raw: { width: 3000, height: 4000, channels: 3 },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const added = await addPreparedPages(run.t, {
      draftId: draft.id,
      files: [{ name: 'photo.jpg', bytes: new Uint8Array(photo) }],
    });
    const pageId = added.draft.pages[0]!.id;
    await run.t.call('documents.updateDraft', { draftId: draft.id, pages: [{ id: pageId, rotation: 90 }] });
    const preview = await run.t.call('documents.pagePreview', { draftId: draft.id, pageId });
    const meta = await sharp(preview.bytes).metadata();
    // Portrait as photographed: the screen turns it, so turning never renders it again.
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    expect(preview.bytes.byteLength).toBeLessThan(photo.length / 4);
  });

  it('refuses a preview of a page that is not in the draft', async () => {
    const draft = await newDraft();
    await expect(
      run.t.call('documents.pagePreview', { draftId: draft.id, pageId: 'no-such-page' }),
    ).rejects.toMatchObject({ code: 'not-found' });
  });
});
