// Capturing page after page in the core, as the clerk does at the counter: 20 photographed pages
// (12 MP JPEG) added one by one to a draft, with the time until the next page can be captured and
// the core's event-loop delay meanwhile and while the worker prepares them
// (perf_hooks.monitorEventLoopDelay: what every other request and event waits); then 20 PDFs of
// 40 MB added to one draft, with the process's peak RSS until every page is prepared.
//
// Each phase runs in a fresh process holding only the core and the picked file, compiled by tsc and
// run by plain Node as the Electron main process runs the core (tsx's loader thread and its
// transformed sources are no part of the app), with the sandbox in a process of its own: making the
// fixtures, the sandbox and the other phase would otherwise count as capture memory.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadAverage } from './support/load-average.js';
import { startTestCore, type TestCore } from '../support/core-harness.js';
import { preparedDraft } from '../support/drafts.js';
import { saId } from '../support/flows.js';
import { startSandboxChild } from '../support/sandbox-child.js';
import { watchPeakRss } from './support/peak-rss.js';

const MB = 1024 * 1024;
const PAGES = 20;
const [phase, fixtures] = process.argv.slice(2);

async function noisyJpeg(width: number, height: number, quality: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  // Noise does not compress: the worst case for size and for the codecs.
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

async function fortyMbPdf(): Promise<Uint8Array> {
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  const doc = await PDFDocument.create();
  for (let i = 0; i < 10; i++) {
    const image = await doc.embedJpg(await noisyJpeg(1900, 2600, 90));
    doc.addPage([595.28, 841.89]).drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
  }
  return doc.save();
}

async function withCore(run: (t: TestCore) => Promise<void>): Promise<void> {
  const sandbox = await startSandboxChild(await mkdtemp(join(tmpdir(), 'fica-bench-sandbox-')));
  const t = await startTestCore({
    sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
    startQueue: false,
  });
  try {
    await t.call('lookups.refresh', {});
    await run(t);
  } finally {
    await t.core.shutdown();
    sandbox.stop();
  }
}

async function photoPhase(photo: Uint8Array): Promise<void> {
  await withCore(async (t) => {
    const person = await t.call('individual.create', {
      firstName: 'Bench',
      lastName: 'Sequence',
      clientSACitizen: true,
      idNumber: saId(),
    });
    const draft = await t.call('documents.startDraft', {
      caseId: person.caseId,
      owner: { kind: 'individual' },
    });
    // Warm-up: loading libvips and the PDF library is paid once per session, not per page.
    await t.call('documents.addPages', {
      draftId: draft.id,
      files: [{ name: 'warm-up.jpg', bytes: new Uint8Array(photo) }],
    });
    await preparedDraft(t, draft.id);

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const waits: number[] = [];
    for (let i = 0; i < PAGES; i++) {
      // A fresh copy per page, as each picked file arrives from the screen.
      const bytes = new Uint8Array(photo);
      const start = performance.now();
      await t.call('documents.addPages', { draftId: draft.id, files: [{ name: `page-${i}.jpg`, bytes }] });
      waits.push(performance.now() - start);
    }
    const captured = performance.now();
    await preparedDraft(t, draft.id, 300_000);
    const preparedAfter = performance.now() - captured;
    delay.disable();
    waits.sort((a, b) => a - b);
    console.log(
      `sequence: ${PAGES} × ${(photo.length / MB).toFixed(1)} MB 12 MP JPEG: next page ready after median ${waits[PAGES / 2]!.toFixed(0)} ms (max ${waits.at(-1)!.toFixed(0)} ms; target < 100 ms)`,
    );
    console.log(
      `sequence: all ${PAGES} pages prepared ${preparedAfter.toFixed(0)} ms after the last was captured; event-loop delay during capture and preparation p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, max ${(delay.max / 1e6).toFixed(0)} ms (target p99 < 50 ms)`,
    );
    console.log(
      `sequence: load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')} (1, 5, 15 min; 2 cores)`,
    );
  });
}

async function pdfPhase(pdf: Uint8Array<ArrayBuffer>): Promise<void> {
  await withCore(async (t) => {
    const entity = await t.call('entity.create', {
      entityRegName: 'Bench Sequence Ltd',
      entityRegNumber: '2019/123456/07',
      entityType: 1,
    });
    const draft = await t.call('documents.startDraft', { caseId: entity.caseId, owner: { kind: 'entity' } });
    // What is loaded once per session (the capture worker and pdf.js, when a file needs them) is
    // reported apart, not counted as growth per file.
    const atRest = process.memoryUsage().rss;
    const warmUp = await t.call('documents.startDraft', { caseId: entity.caseId, owner: { kind: 'entity' } });
    await t.call('documents.addPages', { draftId: warmUp.id, files: [{ name: 'warm-up.pdf', bytes: pdf }] });
    await preparedDraft(t, warmUp.id);
    globalThis.gc?.();
    const before = process.memoryUsage.rss();
    const watch = watchPeakRss();
    const start = performance.now();
    const waits: number[] = [];
    for (let i = 0; i < PAGES; i++) {
      const one = performance.now();
      await t.call('documents.addPages', {
        draftId: draft.id,
        files: [{ name: `statement-${i}.pdf`, bytes: pdf }],
      });
      waits.push(performance.now() - one);
    }
    const took = performance.now() - start;
    const ready = await preparedDraft(t, draft.id, 600_000);
    const prepared = performance.now() - start;
    const peak = watch.stop();
    waits.sort((a, b) => a - b);
    console.log(
      `sequence: ${PAGES} × ${(pdf.length / MB).toFixed(1)} MB PDF added one by one in ${took.toFixed(0)} ms (next file after median ${waits[PAGES / 2]!.toFixed(0)} ms), all ${ready.pages.length} pages prepared after ${prepared.toFixed(0)} ms`,
    );
    console.log(
      `sequence: peak RSS ${(peak / MB).toFixed(0)} MB until every page was prepared (target < 250 MB): core at rest ${(atRest / MB).toFixed(0)} MB with one file of ${(pdf.length / MB).toFixed(1)} MB held by the caller, ${(before / MB).toFixed(0)} MB after a first file, growth over the 20 files ${((peak - before) / MB).toFixed(0)} MB (${watch.method})`,
    );
  });
}

if (phase === 'photos') await photoPhase(await readFile(join(fixtures!, 'photo.jpg')));
else if (phase === 'pdfs') {
  const bytes = await readFile(join(fixtures!, 'statement.pdf'));
  await pdfPhase(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
} else {
  console.log(`capture-sequence: ${loadAverage()}`);
  const dir = await mkdtemp(join(tmpdir(), 'fica-bench-capture-'));
  try {
    await writeFile(join(dir, 'photo.jpg'), await noisyJpeg(3000, 4000, 85));
    await writeFile(join(dir, 'statement.pdf'), await fortyMbPdf());
    // Loaded here only: the compiled phases below have no build script beside them.
    const { ROOT, compileForNode } = await import('../support/compile-for-node.js');
    const [self] = await compileForNode(
      [relative(ROOT, fileURLToPath(import.meta.url)), 'electron/core/capture/capture-worker.ts'],
      join(ROOT, 'dist/bench-capture'),
    );
    for (const next of ['photos', 'pdfs']) {
      const result = spawnSync(process.execPath, ['--expose-gc', self!, next, dir], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      if (result.status !== 0) throw new Error(`capture-sequence ${next} failed (${result.status})`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log(`capture-sequence done: ${loadAverage()}`);
}
