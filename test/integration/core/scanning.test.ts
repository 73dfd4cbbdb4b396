// Scanning into a document draft through SANE, against SANE's test scanner over a real scanimage:
// a flatbed page, a 10-sheet feeder run page by page into the vault, a cancelled run that keeps what
// it delivered, and plain words when there is no scanner.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanProgress } from '../../../shared/ipc/scanning.js';
import { startTestCore, type TestCore } from '../../support/core-harness.js';
import { saId } from '../../support/flows.js';
import { saneConfig, TEST_SCANNER, useTestScanner } from '../../support/sane-test-scanner.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

const FEEDER = 'Automatic Document Feeder';

describe('scanning', () => {
  let sandbox: TestSandbox;
  let t: TestCore;
  const progress: ScanProgress[] = [];

  beforeAll(async () => {
    useTestScanner();
    sandbox = await startTestSandbox();
    t = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
    });
    t.core.on('scan.progress', (p) => progress.push(p));
  });

  afterAll(async () => {
    await t?.core.shutdown();
    await sandbox?.dispose();
  });

  async function newDraft(): Promise<string> {
    const { caseId } = await t.call('individual.create', {
      firstName: 'Scan',
      lastName: 'Client',
      clientSACitizen: true,
      idNumber: saId(),
    });
    return (await t.call('documents.startDraft', { caseId, owner: { kind: 'individual' } })).id;
  }

  it('lists the test scanner with its sources, modes and resolutions', async () => {
    const list = await t.call('scanners.list', {});
    expect(list.problem).toBeNull();
    const scanner = list.scanners.find((s) => s.id === TEST_SCANNER);
    expect(scanner).toMatchObject({ sources: ['Flatbed', FEEDER], modes: ['Gray', 'Color'] });
    expect(scanner!.resolutions).toEqual([75, 100, 150, 200, 300, 400, 600]);
  });

  it('scans a flatbed page into the draft as one page', async () => {
    const draftId = await newDraft();
    const outcome = await t.call('scanners.scan', {
      draftId,
      settings: { scannerId: TEST_SCANNER, source: 'Flatbed', mode: 'Color', resolution: 150 },
    });
    expect(outcome).toMatchObject({ state: 'finished', pages: 1, message: null, refused: [] });
    expect(outcome.draft.pages).toHaveLength(1);
    expect(outcome.draft.pages[0]!.mimeType).toBe('image/jpeg');
  });

  it('numbers flatbed pages by their place in the document, one scan after another', async () => {
    const draftId = await newDraft();
    const settings = { scannerId: TEST_SCANNER, source: 'Flatbed', mode: 'Gray', resolution: 75 };
    for (let i = 0; i < 3; i++) await t.call('scanners.scan', { draftId, settings });
    const draft = await t.call('documents.listDrafts', {
      caseId: t.core.internals.store.drafts.getDraft(draftId)!.caseId,
      owner: { kind: 'individual' },
    });
    expect(draft[0]!.pages.map((p) => p.sourceName)).toEqual([
      expect.stringMatching(/ page 1\.jpg$/),
      expect.stringMatching(/ page 2\.jpg$/),
      expect.stringMatching(/ page 3\.jpg$/),
    ]);
  });

  it('makes every sheet of a 10-sheet feeder run a page of the draft, reporting each page', async () => {
    const draftId = await newDraft();
    const outcome = await t.call('scanners.scan', {
      draftId,
      settings: { scannerId: TEST_SCANNER, source: FEEDER, mode: 'Gray', resolution: 100 },
    });
    expect(outcome).toMatchObject({ state: 'finished', pages: 10 });
    expect(outcome.draft.pages.map((p) => p.sourceName)).toEqual(
      Array.from({ length: 10 }, (_, i) => expect.stringMatching(new RegExp(`page ${i + 1}\\.jpg$`))),
    );
    const mine = progress.filter((p) => p.draftId === draftId);
    expect(mine.map((p) => p.pages)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10]);
    expect(mine.at(-1)!.state).toBe('finished');
    // The size of the document so far goes with each page, to be shown against the limit.
    const sizes = mine.map((p) => p.sizeBytes);
    expect(sizes[0]).toBe(0);
    for (let i = 2; i < 11; i++) expect(sizes[i]!).toBeGreaterThan(sizes[i - 1]!);
    expect(sizes[10]).toBe(outcome.draft.sizeBytes);
    expect(outcome.draft.limitBytes).toBe(20 * 1024 * 1024);
    // Each page went to the vault as it arrived; the scanner's working folder is gone.
    expect(await readdir(join(t.dataDir, 'scan-work'))).toEqual([]);
  });

  it('stops a feeder run when cancelled and keeps the pages it already delivered', async () => {
    const draftId = await newDraft();
    // Cancelled as soon as the first page is reported, as a person pressing Cancel would.
    const off = t.core.on('scan.progress', (p) => {
      if (p.draftId === draftId && p.pages === 1) void t.call('scanners.cancel', { draftId });
    });
    const outcome = await t.call('scanners.scan', {
      draftId,
      settings: { scannerId: TEST_SCANNER, source: FEEDER, mode: 'Color', resolution: 300 },
    });
    off();
    expect(outcome).toMatchObject({ state: 'cancelled', pages: 1 });
    expect(outcome.draft.pages).toHaveLength(1);
    expect(await t.call('scanners.cancel', { draftId })).toEqual({ cancelled: false });
    expect(await readdir(join(t.dataDir, 'scan-work'))).toEqual([]);
  });

  it('says in plain words that no scanner was found, or that the chosen one is gone', async () => {
    const previous = process.env.SANE_CONFIG_DIR;
    process.env.SANE_CONFIG_DIR = saneConfig([]);
    try {
      const list = await t.call('scanners.list', {});
      expect(list).toEqual({ scanners: [], problem: expect.stringMatching(/^No scanner was found\./) });
      const draftId = await newDraft();
      const outcome = await t.call('scanners.scan', {
        draftId,
        settings: { scannerId: 'gone:0', source: 'Flatbed', mode: 'Gray', resolution: 100 },
      });
      expect(outcome).toMatchObject({
        state: 'failed',
        pages: 0,
        message: expect.stringMatching(/^No scanner answered/),
      });
      expect(outcome.draft.pages).toHaveLength(0);
    } finally {
      process.env.SANE_CONFIG_DIR = previous;
    }
  });
});
