// An owner's documents beyond the first page: read a page at a time after the last one shown, each
// shown once in the core's order (one that moved takes its new place), and after a read of the case
// only the documents the change named are read again (all of them when it named none); once the
// list reads beyond the first page, it holds the order up to where it was read: a document that
// leaves the first page keeps its place there, one a change names that arrives there joins it, and
// one that moves beyond it is read again by a later page.
import { describe, expect, it } from 'vitest';
import type { CaseDocumentsRequest, LocalDocument } from '../../../../shared/ipc/index.js';
import { DocumentPages } from '../../../../renderer/lib/document-pages.svelte.js';
import { installFakeDesk } from './fake-desk.js';

const doc = (n: number, state: LocalDocument['state'] = 'queued'): LocalDocument => ({
  id: `d${String(n).padStart(3, '0')}`,
  caseId: 'case-1',
  owner: { kind: 'entity' },
  pairs: [{ groupId: 1, typeId: 1 }],
  filename: `scan-${n}.pdf`,
  mimeType: 'application/pdf',
  size: 1000,
  sha256: 'x',
  pageCount: 1,
  state,
  progress: null,
  error: null,
  serverIds: [],
  capturedAt: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
  reading: null,
});

/** A core holding `all`, answering pages after a cursor and named documents like `cases.documents`. */
function core(all: LocalDocument[]) {
  const fake = installFakeDesk();
  const order = () =>
    [...all].sort(
      (a, b) =>
        Number(a.state === 'on-file') - Number(b.state === 'on-file') ||
        a.capturedAt.localeCompare(b.capturedAt) ||
        a.id.localeCompare(b.id),
    );
  fake.answer('cases.documents', (input) => {
    const request = input as CaseDocumentsRequest;
    if ('ids' in request) return { documents: all.filter((d) => request.ids.includes(d.id)) };
    const sorted = order();
    const after = request.after;
    const key = (d: LocalDocument) => [Number(d.state === 'on-file'), d.capturedAt, d.id].join('|');
    const from = after ? [Number(after.sent), after.capturedAt, after.id].join('|') : '';
    return { documents: sorted.filter((d) => key(d) > from).slice(0, request.limit ?? 50) };
  });
  return fake;
}

const asked = (fake: ReturnType<typeof core>) =>
  fake.calls.filter((c) => c.channel === 'cases.documents').map((c) => c.input as CaseDocumentsRequest);

/**
 * A record on file captured before `scans` documents waiting to be sent, listed as the screen lists
 * them: the first page, then one more.
 */
async function recordAndScansListed(scans: number) {
  const record = { ...doc(0, 'on-file'), id: 'r', capturedAt: '2025-12-31T00:00:00.000Z' };
  const all = [record, ...Array.from({ length: scans }, (_, i) => doc(i))];
  const fake = core(all);
  const pages = new DocumentPages('case-1', { kind: 'entity' });
  const first = all.slice(1, 51);
  await pages.refresh(first, []);
  await pages.loadMore(first);
  return { record, all, fake, pages, first };
}

/** Every scan sent, and the list told so by a change naming them all; answers the new first page. */
async function sendEveryScan({ record, all, pages }: Awaited<ReturnType<typeof recordAndScansListed>>) {
  for (let i = 1; i < all.length; i++) all[i] = { ...all[i]!, state: 'on-file' };
  const first = [record, ...all.slice(1, 50)];
  await pages.refresh(
    first,
    all.slice(1).map((d) => d.id),
  );
  return first;
}

describe('DocumentPages', () => {
  it('reads the pages after the last one shown, each document once', async () => {
    const all = Array.from({ length: 260 }, (_, i) => doc(i, i < 200 ? 'queued' : 'on-file'));
    const fake = core(all);
    const first = all.slice(0, 50);
    const pages = new DocumentPages('case-1', { kind: 'entity' });
    await pages.loadMore(first);
    await pages.loadMore(first);
    await pages.loadMore(first);
    expect(pages.shown(first).map((d) => d.id)).toEqual(all.map((d) => d.id));
    await pages.loadMore(first);
    expect(pages.shown(first)).toHaveLength(260);
    expect(asked(fake)[1]).toMatchObject({ after: { sent: false, id: 'd149' } });
  });

  it('shows a document read again in its new place, once', async () => {
    const all = Array.from({ length: 120 }, (_, i) => doc(i));
    core(all);
    const first = all.slice(0, 50);
    const pages = new DocumentPages('case-1', { kind: 'entity' });
    await pages.loadMore(first);
    // Sent meanwhile: it moves after every document not sent.
    all[60] = { ...all[60]!, state: 'on-file' };
    all[119] = { ...all[119]!, state: 'on-file' };
    await pages.loadMore(first);
    const ids = pages.shown(first).map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(-2)).toEqual(['d060', 'd119']);
  });

  it('loses no document and shows none twice when those it read move beyond where the order was read', async () => {
    const listed = await recordAndScansListed(180);
    const { all, fake, pages } = listed;
    expect(pages.shown(listed.first)).toHaveLength(150);
    // The record now leads the first page, and d049 is no longer on it.
    const first = await sendEveryScan(listed);
    // What the list read was the start of those waiting, which are now all on file, beyond where the
    // order was read: the list shows the first page, each document once, and reads the rest again.
    expect(pages.shown(first).map((d) => d.id)).toEqual(first.map((d) => d.id));
    await pages.loadMore(first);
    expect(asked(fake).at(-1)).toMatchObject({ after: { sent: false, id: 'd149' } });
    await pages.loadMore(first);
    const shown = pages.shown(first);
    expect(shown.map((d) => d.id)).toEqual(all.map((d) => d.id));
    expect(shown.every((d) => d.state === 'on-file')).toBe(true);
  });

  it('keeps every row of a list read to its end while its documents are sent', async () => {
    const listed = await recordAndScansListed(120);
    const { all, fake, pages } = listed;
    expect(pages.shown(listed.first)).toHaveLength(121);
    const first = await sendEveryScan(listed);
    const shown = pages.shown(first);
    expect(shown.map((d) => d.id)).toEqual(all.map((d) => d.id));
    expect(shown.every((d) => d.state === 'on-file')).toBe(true);
    expect(asked(fake).filter((r) => 'after' in r)).toHaveLength(1);
  });

  it('shows a document a change names among the rows read, and leaves one beyond them to the next page', async () => {
    // 60 waiting, 140 on file; the list has read into those on file (to d149).
    const all = Array.from({ length: 200 }, (_, i) => doc(i, i < 60 ? 'queued' : 'on-file'));
    core(all);
    const pages = new DocumentPages('case-1', { kind: 'entity' });
    const first = all.slice(0, 50);
    await pages.refresh(first, []);
    await pages.loadMore(first);
    // Captured meanwhile: it goes after every document waiting, among the rows read; one added on the
    // service now is on file after d149, beyond them.
    const captured = { ...doc(500), capturedAt: '2026-02-01T00:00:00.000Z' };
    const beyond = { ...doc(501, 'on-file'), capturedAt: '2026-02-01T00:00:01.000Z' };
    all.push(captured, beyond);
    await pages.refresh(first, [captured.id, beyond.id]);
    const ids = pages.shown(first).map((d) => d.id);
    expect(ids.indexOf(captured.id)).toBe(60);
    expect(ids).not.toContain(beyond.id);
    expect(ids.at(-1)).toBe('d149');
    // While the list has read only part of those waiting, a document a drain sends is not read.
    const waiting = Array.from({ length: 300 }, (_, i) => doc(i));
    const drained = core(waiting);
    const early = new DocumentPages('case-2', { kind: 'entity' });
    await early.refresh(waiting.slice(0, 50), []);
    await early.loadMore(waiting.slice(0, 50));
    waiting[250] = { ...waiting[250]!, state: 'on-file' };
    const before = asked(drained).length;
    await early.refresh(waiting.slice(0, 50), ['d250']);
    expect(asked(drained)).toHaveLength(before);
  });

  it('lands each answer in the order asked: an earlier answer never overwrites a later one', async () => {
    const all = Array.from({ length: 150 }, (_, i) => doc(i));
    const fake = core(all);
    const pages = new DocumentPages('case-1', { kind: 'entity' });
    const first = all.slice(0, 50);
    await pages.refresh(first, []);
    await pages.loadMore(first);
    // The first read again of d070 is asked while it is being sent and answered late, after it was
    // refused and read again.
    let release: () => void = () => undefined;
    const plain = fake.handler('cases.documents');
    fake.answer('cases.documents', (input) => {
      const answer = plain(input);
      fake.answer('cases.documents', plain);
      return new Promise((resolve) => (release = () => resolve(answer)));
    });
    all[70] = { ...all[70]!, state: 'uploading' };
    const sending = pages.refresh(first, ['d070']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    all[70] = { ...all[70]!, state: 'failed', error: 'Refused' };
    const refused = pages.refresh(first, ['d070']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await Promise.all([sending, refused]);
    expect(pages.shown(first).find((d) => d.id === 'd070')?.state).toBe('failed');
  });

  it('reads again only the documents held that a change named, and drops one gone', async () => {
    const all = Array.from({ length: 150 }, (_, i) => doc(i));
    const fake = core(all);
    const first = all.slice(0, 50);
    const pages = new DocumentPages('case-1', { kind: 'entity' });
    await pages.loadMore(first);
    all[70] = { ...all[70]!, state: 'uploading' };
    all.splice(all.indexOf(all[80]!), 1);
    await pages.refresh(first, ['d070', 'd080', 'd010']);
    expect(asked(fake).at(-1)).toEqual({ caseId: 'case-1', ids: ['d070', 'd080'] });
    const shown = pages.shown(first);
    expect(shown.find((d) => d.id === 'd070')?.state).toBe('uploading');
    expect(shown.some((d) => d.id === 'd080')).toBe(false);
    const before = asked(fake).length;
    await pages.refresh(first, []);
    expect(asked(fake)).toHaveLength(before);
    await pages.refresh(first, null);
    expect(asked(fake).at(-1)).toMatchObject({
      caseId: 'case-1',
      ids: expect.arrayContaining(['d050', 'd149']),
    });
  });
});
