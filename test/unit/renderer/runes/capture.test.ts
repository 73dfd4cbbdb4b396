// A document being captured: its draft in the core, pages and previews, refusals, and scans.
import { describe, expect, it, vi } from 'vitest';
import type { DocumentDraft, DraftPage, ScanProgress } from '../../../../shared/ipc/index.js';
import { DocumentCapture } from '../../../../renderer/lib/capture.svelte.js';
import { installFakeDesk } from './fake-desk.js';

const page = (
  id: string,
  quality: DraftPage['quality'] = null,
  state: DraftPage['state'] = 'ready',
  refusal: string | null = null,
): DraftPage => ({
  id,
  mimeType: 'image/jpeg',
  rotation: 0,
  sourceName: `${id}.jpg`,
  pdfPage: null,
  quality,
  state,
  refusal,
});

// As in the core, each draft handed out is newer than the ones before it.
let revision = 0;
const draft = (pages: DraftPage[], at = ++revision, id = 'd-1', sizeBytes = 0): DocumentDraft => ({
  id,
  caseId: 'c-1',
  owner: { kind: 'individual' },
  pages,
  revision: at,
  limitBytes: 20 * 1024 * 1024,
  sizeBytes,
  createdAt: '2026-03-15T09:00:00.000Z',
});
const MB = 1024 * 1024;

// Node has no object URLs; the previews only need distinct strings.
globalThis.URL.createObjectURL ??= () => 'blob:preview';
globalThis.URL.revokeObjectURL ??= () => undefined;

describe('DocumentCapture', () => {
  it('starts a draft on the first file and shows the pages added and the files refused', async () => {
    const fake = installFakeDesk();
    fake.answer('documents.startDraft', () => draft([]));
    fake.answer('documents.addPages', () => ({
      draft: draft([page('p-1')]),
      refused: [{ name: 'notes.docx', message: 'notes.docx is not a PDF, PNG or JPEG file.' }],
    }));
    fake.answer('documents.pagePreview', () => ({
      mimeType: 'image/jpeg',
      bytes: new Uint8Array([1]),
      pdfPage: null,
    }));
    const capture = new DocumentCapture('c-1', { kind: 'individual' });
    await capture.addFiles([
      { name: 'id.jpg', bytes: new Uint8Array([0xff, 0xd8]) },
      { name: 'notes.docx', bytes: new Uint8Array([0x50, 0x4b]) },
    ]);
    expect(capture.pages.map((p) => p.id)).toEqual(['p-1']);
    expect(capture.refused.map((r) => r.name)).toEqual(['notes.docx']);
    expect(Object.keys(capture.previews)).toEqual(['p-1']);
    expect(fake.calls.filter((c) => c.channel === 'documents.startDraft')).toHaveLength(1);
  });

  it('counts the pages of a running scan as the core reports them, then says how it ended', async () => {
    const fake = installFakeDesk();
    fake.answer('documents.startDraft', () => draft([]));
    fake.answer('documents.pagePreview', () => ({
      mimeType: 'image/jpeg',
      bytes: new Uint8Array([1]),
      pdfPage: null,
    }));
    const seen: Array<number | undefined> = [];
    const sizes: number[] = [];
    const capture = new DocumentCapture('c-1', { kind: 'individual' });
    fake.answer('scanners.scan', async () => {
      for (const pages of [1, 2]) {
        fake.emit('scan.progress', {
          draftId: 'd-1',
          pages,
          state: 'scanning',
          message: null,
          sizeBytes: pages * MB,
        } satisfies ScanProgress);
        sizes.push(capture.size.bytes);
        seen.push(capture.scanning?.pages);
      }
      return {
        draft: draft([page('p-1'), page('p-2')]),
        pages: 2,
        state: 'finished',
        message: null,
        refused: [],
      };
    });
    await capture.scan({ scannerId: 'test:0', source: 'Flatbed', mode: 'Color', resolution: 300 });
    expect(seen).toEqual([1, 2]);
    // The running size follows the scanner's pages, before the core has prepared them.
    expect(sizes).toEqual([MB, 2 * MB]);
    expect(capture.scanning).toBeNull();
    expect(capture.scanResult).toEqual({ ok: true, text: '2 pages scanned.' });
    expect(capture.pages).toHaveLength(2);
  });

  it('lists the pages a check marked until the person keeps them', async () => {
    const fake = installFakeDesk();
    const marked = {
      problems: [{ kind: 'too-dark' as const, message: 'Too dark: brightness 3 of 255.' }],
      kept: false,
    };
    fake.answer('documents.startDraft', () => draft([]));
    fake.answer('documents.addPages', () => ({
      draft: draft([page('p-1', marked), page('p-2')]),
      refused: [],
    }));
    fake.answer('documents.pagePreview', () => ({
      mimeType: 'image/jpeg',
      bytes: new Uint8Array([1]),
      pdfPage: null,
    }));
    fake.answer('documents.keepPage', () => draft([page('p-1', { ...marked, kept: true }), page('p-2')]));
    const capture = new DocumentCapture('c-1', { kind: 'individual' });
    await capture.addFiles([{ name: 'dark.jpg', bytes: new Uint8Array([0xff, 0xd8]) }]);
    expect(capture.unchecked.map((p) => p.id)).toEqual(['p-1']);

    await capture.keep(['p-1']);
    expect(capture.unchecked).toEqual([]);
  });

  it('shows a page as processing, then its preview once the core says it is ready', async () => {
    const fake = installFakeDesk();
    fake.answer('documents.startDraft', () => draft([]));
    fake.answer('documents.addPages', () => ({
      draft: draft([page('p-1', null, 'processing'), page('p-2', null, 'processing')]),
      refused: [],
    }));
    const previewed: string[] = [];
    fake.answer('documents.pagePreview', (input) => {
      previewed.push((input as { pageId: string }).pageId);
      return { mimeType: 'image/jpeg', bytes: new Uint8Array([1]), pdfPage: null };
    });
    const capture = new DocumentCapture('c-1', { kind: 'individual' });
    await capture.addFiles([
      { name: 'p-1.jpg', bytes: new Uint8Array([0xff, 0xd8]) },
      { name: 'p-2.jpg', bytes: new Uint8Array([0xff, 0xd8]) },
    ]);
    expect(capture.processing.map((p) => p.id)).toEqual(['p-1', 'p-2']);
    expect(previewed).toEqual([]);

    fake.emit('draft.changed', draft([page('p-1'), page('p-2', null, 'refused', 'p-2.jpg is damaged.')]));
    await vi.waitFor(() => expect(Object.keys(capture.previews)).toEqual(['p-1']));
    expect(previewed).toEqual(['p-1']);
    expect(capture.processing).toEqual([]);
    expect(capture.pages.map((p) => p.id)).toEqual(['p-1']);
    expect(capture.refused).toEqual([{ name: 'p-2.jpg', message: 'p-2.jpg is damaged.' }]);

    // Another draft's news, or news after the capture area closed, changes nothing here.
    fake.emit('draft.changed', { ...draft([]), id: 'd-2' });
    expect(capture.pages).toHaveLength(1);
    capture.dispose();
    fake.emit('draft.changed', draft([]));
    expect(capture.pages).toHaveLength(1);
  });

  it('keeps a page ready when the event saying so arrives before the answer that added it', async () => {
    const fake = installFakeDesk();
    fake.answer('documents.startDraft', () => draft([]));
    const capture = new DocumentCapture('c-1', { kind: 'individual' });
    fake.answer('documents.addPages', () => {
      const answer = draft([page('p-1', null, 'processing')]);
      // The core prepared the page before its answer reached the screen.
      fake.emit('draft.changed', draft([page('p-1')]));
      return { draft: answer, refused: [] };
    });
    fake.answer('documents.pagePreview', () => ({
      mimeType: 'image/jpeg',
      bytes: new Uint8Array([1]),
      pdfPage: null,
    }));
    await capture.addFiles([{ name: 'p-1.jpg', bytes: new Uint8Array([0xff, 0xd8]) }]);
    expect(capture.processing).toEqual([]);
    expect(capture.pages.map((p) => [p.id, p.state])).toEqual([['p-1', 'ready']]);
  });

  it('finds the pages left from before (another visit, a reload, a restart) and resumes them', async () => {
    const fake = installFakeDesk();
    const left = draft([page('p-1'), page('p-2'), page('p-3')], ++revision, 'd-old');
    fake.answer('documents.listDrafts', () => [left, draft([page('p-9')], ++revision, 'd-other')]);
    fake.answer('documents.pagePreview', () => ({
      mimeType: 'image/jpeg',
      bytes: new Uint8Array([1]),
      pdfPage: null,
    }));
    fake.answer('documents.discardDraft', () => ({ ok: true }));
    const capture = new DocumentCapture('c-1', { kind: 'individual' });
    await capture.loadPending();
    expect(capture.pending.map((d) => [d.id, d.pages.length])).toEqual([
      ['d-old', 3],
      ['d-other', 1],
    ]);
    expect(capture.pages).toEqual([]);

    await capture.resume('d-old');
    expect(capture.draft?.id).toBe('d-old');
    expect(capture.pages.map((p) => p.id)).toEqual(['p-1', 'p-2', 'p-3']);
    expect(Object.keys(capture.previews)).toEqual(['p-1', 'p-2', 'p-3']);
    expect(capture.pending.map((d) => d.id)).toEqual(['d-other']);
    // Its pages finish preparing as any draft's do.
    fake.emit(
      'draft.changed',
      draft([page('p-1'), page('p-2'), page('p-3'), page('p-4')], ++revision, 'd-old'),
    );
    await vi.waitFor(() => expect(capture.pages).toHaveLength(4));

    await capture.discardPending('d-other');
    expect(fake.calls.filter((c) => c.channel === 'documents.discardDraft').map((c) => c.input)).toEqual([
      { draftId: 'd-other' },
    ]);
    expect(capture.pending).toEqual([]);
  });

  it('keeps the draft on screen among the pending ones when another is resumed', async () => {
    const fake = installFakeDesk();
    fake.answer('documents.startDraft', () => draft([]));
    fake.answer('documents.addPages', () => ({ draft: draft([page('p-1')]), refused: [] }));
    fake.answer('documents.listDrafts', () => [draft([page('p-5')], ++revision, 'd-old')]);
    fake.answer('documents.pagePreview', () => ({
      mimeType: 'image/jpeg',
      bytes: new Uint8Array([1]),
      pdfPage: null,
    }));
    const capture = new DocumentCapture('c-1', { kind: 'individual' });
    await capture.addFiles([{ name: 'p-1.jpg', bytes: new Uint8Array([0xff, 0xd8]) }]);
    await capture.loadPending();
    await capture.resume('d-old');
    expect(capture.draft?.id).toBe('d-old');
    expect(capture.pending.map((d) => [d.id, d.pages.length])).toEqual([['d-1', 1]]);
  });

  it('says in grammatical words how many scanned pages a cancelled or failed scan kept', async () => {
    const fake = installFakeDesk();
    fake.answer('documents.startDraft', () => draft([]));
    fake.answer('documents.pagePreview', () => ({
      mimeType: 'image/jpeg',
      bytes: new Uint8Array([1]),
      pdfPage: null,
    }));
    const capture = new DocumentCapture('c-1', { kind: 'individual' });
    const settings = { scannerId: 'test:0', source: 'Flatbed', mode: 'Color', resolution: 300 };
    const outcome = (pages: number, state: 'cancelled' | 'failed', message: string | null = null) => ({
      draft: draft(Array.from({ length: pages }, (_, i) => page(`s-${state}-${i}`))),
      pages,
      state,
      message,
      refused: [],
    });
    fake.answer('scanners.scan', () => outcome(1, 'cancelled'));
    await capture.scan(settings);
    expect(capture.scanResult).toEqual({
      ok: true,
      text: 'Scan cancelled: the 1 page scanned before is kept.',
    });
    fake.answer('scanners.scan', () => outcome(3, 'cancelled'));
    await capture.scan(settings);
    expect(capture.scanResult?.text).toBe('Scan cancelled: the 3 pages scanned before are kept.');
    fake.answer('scanners.scan', () => outcome(1, 'failed', 'Paper is jammed in the scanner.'));
    await capture.scan(settings);
    expect(capture.scanResult).toEqual({
      ok: false,
      text: 'Paper is jammed in the scanner. The 1 page scanned before it stopped is kept.',
    });
  });

  it('drops what it said of a scan once the pages of that scan are gone', async () => {
    const fake = installFakeDesk();
    fake.answer('documents.startDraft', () => draft([page('p-0')]));
    fake.answer('documents.pagePreview', () => ({
      mimeType: 'image/jpeg',
      bytes: new Uint8Array([1]),
      pdfPage: null,
    }));
    fake.answer('scanners.scan', () => ({
      draft: draft([page('p-0'), page('s-1')]),
      pages: 1,
      state: 'cancelled',
      message: null,
      refused: [],
    }));
    fake.answer('documents.updateDraft', (input) =>
      draft((input as { pages: Array<{ id: string }> }).pages.map((p) => page(p.id))),
    );
    const capture = new DocumentCapture('c-1', { kind: 'individual' });
    await capture.scan({ scannerId: 'test:0', source: 'Flatbed', mode: 'Color', resolution: 300 });
    expect(capture.scanResult?.text).toMatch(/1 page scanned before is kept/);
    await capture.removePage('p-0');
    expect(capture.scanResult).not.toBeNull();
    await capture.removePage('s-1');
    expect(capture.scanResult).toBeNull();
  });

  it('shows the running size against the limit, and warns before the limit', async () => {
    const fake = installFakeDesk();
    fake.answer('documents.startDraft', () => draft([]));
    fake.answer('documents.pagePreview', () => ({
      mimeType: 'image/jpeg',
      bytes: new Uint8Array([1]),
      pdfPage: null,
    }));
    const capture = new DocumentCapture('c-1', { kind: 'individual' });
    fake.answer('documents.addPages', () => ({
      draft: draft([page('p-1')], ++revision, 'd-1', 12 * MB),
      refused: [],
    }));
    await capture.addFiles([{ name: 'p-1.jpg', bytes: new Uint8Array([0xff, 0xd8]) }]);
    expect(capture.size).toEqual({ bytes: 12 * MB, limit: 20 * MB, level: 'fine' });
    fake.emit('draft.changed', draft([page('p-1'), page('p-2')], ++revision, 'd-1', 17.5 * MB));
    await vi.waitFor(() => expect(capture.size.level).toBe('near'));
    fake.emit('draft.changed', draft([page('p-1'), page('p-2'), page('p-3')], ++revision, 'd-1', 22.7 * MB));
    await vi.waitFor(() => expect(capture.size.level).toBe('over'));
  });
});
