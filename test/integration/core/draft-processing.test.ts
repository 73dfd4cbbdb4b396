// Capture never makes the clerk wait: documents.addPages answers once the picked file is sealed into
// the vault, with its page "processing"; the capture worker then normalises it (or counts a PDF's
// pages) and the page becomes ready, or refused with its reason. A draft is never queued half
// prepared, and a core stopped mid-processing prepares the page when it starts again.
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { DocumentDraft } from '../../../shared/ipc/model.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import { makePdf } from '../../support/documents.js';
import { preparedDraft } from '../../support/drafts.js';
import { saId } from '../../support/flows.js';
import { suiteCore } from '../../support/suite-core.js';

const pairs = [{ groupId: 1, typeId: 1 }];

async function photo(seed: number): Promise<Uint8Array<ArrayBuffer>> {
  // Noise: a 12 MP photo that takes the worker a noticeable moment to decode and scale.
  const pixels = randomBytes(3000 * 4000 * 3);
  pixels[0] = seed;
  return new Uint8Array(
    await sharp(pixels, { raw: { width: 3000, height: 4000, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
}

describe('draft pages processed after capture', () => {
  const run = suiteCore({ startQueue: false, lookups: false });

  const newDraft = async () => {
    const { caseId } = await run.t.call('individual.create', {
      firstName: 'Paula',
      lastName: 'Processing',
      clientSACitizen: true,
      idNumber: saId(),
    });
    return run.t.call('documents.startDraft', { caseId, owner: { kind: 'individual' } });
  };
  const vaultFiles = async () =>
    (await readdir(join(run.t.dataDir, 'vault'))).filter((n) => n.endsWith('.fdv'));

  it('answers with the page processing and its file sealed, then tells when the page is ready', async () => {
    const draft = await newDraft();
    const changes: DocumentDraft[] = [];
    const off = run.t.core.on('draft.changed', (d) => {
      if (d.id === draft.id) changes.push(d);
    });
    const before = (await vaultFiles()).length;
    const added = await run.t.call('documents.addPages', {
      draftId: draft.id,
      files: [
        { name: 'photo.jpg', bytes: await photo(1) },
        { name: 'statement.pdf', bytes: await makePdf('statement', 3) },
      ],
    });
    expect(added.refused).toEqual([]);
    expect(added.draft.pages.map((p) => [p.sourceName, p.state])).toEqual([
      ['photo.jpg', 'processing'],
      ['statement.pdf', 'processing'],
    ]);
    // Both picked files are in the vault before the answer.
    expect((await vaultFiles()).length).toBe(before + 2);
    // Nothing to show yet, and nothing to reorder until the PDF's pages are known.
    await expect(
      run.t.call('documents.pagePreview', { draftId: draft.id, pageId: added.draft.pages[0]!.id }),
    ).rejects.toMatchObject({ code: 'refused', message: 'This page is still being prepared.' });

    const ready = await preparedDraft(run.t, draft.id);
    off();
    expect(ready.pages.map((p) => [p.sourceName, p.mimeType, p.pdfPage, p.state])).toEqual([
      ['photo.jpg', 'image/jpeg', null, 'ready'],
      ['statement.pdf', 'application/pdf', 1, 'ready'],
      ['statement.pdf', 'application/pdf', 2, 'ready'],
      ['statement.pdf', 'application/pdf', 3, 'ready'],
    ]);
    // The page keeps the id the screen already shows.
    expect(ready.pages[0]!.id).toBe(added.draft.pages[0]!.id);
    expect(changes.at(-1)!.pages).toEqual(ready.pages);
    // Each later look at the draft is newer, so a screen can order an answer and an event.
    expect(changes.at(-1)!.revision).toBeGreaterThan(added.draft.revision);
    // The picked photo was replaced by its normalised copy; the PDF is kept as picked.
    expect((await vaultFiles()).length).toBe(before + 2);
    const preview = await run.t.call('documents.pagePreview', {
      draftId: draft.id,
      pageId: ready.pages[0]!.id,
    });
    expect((await sharp(preview.bytes).metadata()).height).toBeLessThanOrEqual(1600);
  });

  it('shows a file found unusable while processing as refused with its reason, and the draft goes on', async () => {
    const draft = await newDraft();
    const damaged = new TextEncoder().encode('%PDF-1.7\nthis is not a PDF body');
    const added = await run.t.call('documents.addPages', {
      draftId: draft.id,
      files: [{ name: 'broken.pdf', bytes: damaged }],
    });
    expect(added.draft.pages.map((p) => p.state)).toEqual(['processing']);
    const refused = await preparedDraft(run.t, draft.id);
    expect(refused.pages).toEqual([
      expect.objectContaining({
        sourceName: 'broken.pdf',
        state: 'refused',
        refusal: expect.stringMatching(/“broken\.pdf” is damaged/),
      }),
    ]);

    // Restricted copying is found by reading only the parts of the file that say so.
    const restricted = await PDFDocument.create();
    restricted.addPage();
    restricted.encrypt({ userPassword: '', ownerPassword: 'bank', permissions: { copying: false } });
    await run.t.call('documents.addPages', {
      draftId: draft.id,
      files: [
        { name: 'statement.pdf', bytes: await restricted.save() },
        { name: 'fine.pdf', bytes: await makePdf('fine', 2) },
      ],
    });
    expect(
      (await preparedDraft(run.t, draft.id)).pages.map((p) => [p.sourceName, p.state, p.refusal]),
    ).toEqual([
      ['broken.pdf', 'refused', expect.stringMatching(/is damaged/)],
      ['statement.pdf', 'refused', expect.stringMatching(/“statement\.pdf” is protected/)],
      ['fine.pdf', 'ready', null],
      ['fine.pdf', 'ready', null],
    ]);
    const doc = await run.t.call('documents.submitDraft', { draftId: draft.id, pairs });
    // The refused file is left out; the document holds the two good pages.
    expect(doc.pageCount).toBe(2);
    const content = await run.t.call('documents.content', { documentId: doc.id });
    expect((await PDFDocument.load(content.bytes)).getPageCount()).toBe(2);
  });

  it('never queues a draft half prepared: finishing waits for its pages, reordering waits to be asked again', async () => {
    const draft = await newDraft();
    const added = await run.t.call('documents.addPages', {
      draftId: draft.id,
      files: [
        { name: 'front.jpg', bytes: await photo(2) },
        { name: 'back.jpg', bytes: await photo(3) },
        { name: 'statement.pdf', bytes: await makePdf('statement', 2) },
      ],
    });
    const processing = added.draft.pages.filter((p) => p.state === 'processing');
    expect(processing).toHaveLength(3);
    const reorder = await run.t
      .call('documents.updateDraft', {
        draftId: draft.id,
        pages: added.draft.pages.map((p) => ({ id: p.id, rotation: 0 as const })).reverse(),
      })
      .catch((e: unknown) => e);
    expect(reorder).toBeInstanceOf(DeskError);
    expect(reorder).toMatchObject({
      code: 'refused',
      message: expect.stringMatching(/still being prepared/),
    });

    const doc = await run.t.call('documents.submitDraft', { draftId: draft.id, pairs });
    expect(doc.pageCount).toBe(4);
    const content = await run.t.call('documents.content', { documentId: doc.id });
    const pdf = await PDFDocument.load(content.bytes);
    expect(pdf.getPageCount()).toBe(4);
  });

  it('prepares the pages left processing when the core was stopped, once it starts again', async () => {
    const draft = await newDraft();
    const added = await run.t.call('documents.addPages', {
      draftId: draft.id,
      files: await Promise.all(
        [4, 5, 6, 7].map(async (seed) => ({ name: `page-${seed}.jpg`, bytes: await photo(seed) })),
      ),
    });
    expect(added.draft.pages.every((p) => p.state === 'processing')).toBe(true);
    await run.t.restart();
    const stopped = run.t.core.internals.drafts.get(draft.id);
    expect(stopped.pages.map((p) => p.sourceName)).toEqual([
      'page-4.jpg',
      'page-5.jpg',
      'page-6.jpg',
      'page-7.jpg',
    ]);
    // Stopped before the worker got through them: some are still waiting for it.
    expect(stopped.pages.some((p) => p.state === 'processing')).toBe(true);

    const ready = await preparedDraft(run.t, draft.id);
    expect(ready.pages.map((p) => [p.id, p.sourceName, p.state, p.mimeType])).toEqual(
      added.draft.pages.map((p) => [p.id, p.sourceName, 'ready', 'image/jpeg']),
    );
    const doc = await run.t.call('documents.submitDraft', { draftId: draft.id, pairs });
    expect(doc.pageCount).toBe(4);
  });
});
