// Capture through the headless host's loopback bridge, as the browser does it (binary frames): a 40 MB, 10-page PDF
// added to a draft (request encoding, transfer, the core's work, the answer), then every page's
// preview. Prints the times, the bytes the previews carried and the process's RSS growth (the
// client and the host share this process, so the growth is an upper bound for the host).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { startHost } from '../../electron/host/index.js';
import type { ChannelName } from '../../shared/ipc/contract.js';
import { bridgeClient } from '../support/bridge-client.js';
import { ensureVaultKey, testSecrets } from '../support/core-harness.js';
import { signInThrough, staffServiceOf } from '../support/staff-sign-in.js';
import { loadAverage } from './support/load-average.js';
import { watchPeakRss } from './support/peak-rss.js';

console.log(`capture-bridge: ${loadAverage()}`);

const MB = 1024 * 1024;
const PAGES = 10;

async function noisyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < PAGES; i++) {
    // Noise does not compress: about 3.8 MB of JPEG per page.
    const width = 1900;
    const height = 2600;
    const jpeg = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const image = await doc.embedJpg(jpeg);
    doc.addPage([595.28, 841.89]).drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
  }
  return doc.save();
}

const pdf = await noisyPdf();
const dir = await mkdtemp(join(tmpdir(), 'fica-bench-bridge-'));
const secretStore = testSecrets();
await ensureVaultKey(secretStore);
const host = await startHost({ dataDir: join(dir, 'data'), port: 0, rendererDir: dir, secretStore });
const desk = bridgeClient(host);

await signInThrough(
  (channel, input) => desk.invoke(channel as ChannelName, input as never),
  staffServiceOf(host)!,
  'capturer',
);
await desk.invoke('lookups.refresh', {});
const { caseId } = await desk.invoke('entity.create', {
  entityRegName: 'Bench Bridge Ltd',
  entityRegNumber: '2019/123456/07',
  entityType: 1,
});

// Warm-up: the first capture of a session loads the PDF library (and starts the capture worker).
const warmUp = await desk.invoke('documents.startDraft', { caseId, owner: { kind: 'entity' } });
const small = await PDFDocument.create();
small.addPage();
await desk.invoke('documents.addPages', {
  draftId: warmUp.id,
  files: [{ name: 'warm-up.pdf', bytes: (await small.save()) as Uint8Array<ArrayBuffer> }],
});
await desk.invoke('documents.discardDraft', { draftId: warmUp.id });

globalThis.gc?.();
const before = process.memoryUsage.rss();
const watch = watchPeakRss();

const draft = await desk.invoke('documents.startDraft', { caseId, owner: { kind: 'entity' } });
let start = performance.now();
await desk.invoke('documents.addPages', {
  draftId: draft.id,
  files: [{ name: 'statement.pdf', bytes: pdf as Uint8Array<ArrayBuffer> }],
});
const addMs = performance.now() - start;
// The answer comes once the file is sealed; its pages are prepared in the capture worker after.
let prepared = host.core.internals.drafts.get(draft.id);
while (prepared.pages.some((p) => p.state === 'processing')) {
  await new Promise((resolve) => setTimeout(resolve, 20));
  prepared = host.core.internals.drafts.get(draft.id);
}
const preparedMs = performance.now() - start;
const addPeak = watch.peak();

start = performance.now();
let previewBytes = 0;
for (const page of prepared.pages) {
  const preview = await desk.invoke('documents.pagePreview', { draftId: draft.id, pageId: page.id });
  previewBytes += preview.bytes.byteLength;
}
const previewMs = performance.now() - start;
const peak = watch.stop();

console.log(
  `bridge: add a ${(pdf.length / MB).toFixed(1)} MB ${PAGES}-page PDF to a draft: answered in ${addMs.toFixed(0)} ms, pages prepared after ${preparedMs.toFixed(0)} ms; RSS growth ${((addPeak - before) / MB).toFixed(0)} MB (${((addPeak - before) / pdf.length).toFixed(1)} × the file)`,
);
console.log(
  `bridge: ${prepared.pages.length} page previews: ${previewMs.toFixed(0)} ms, ${(previewBytes / MB).toFixed(1)} MB carried; RSS growth ${((peak - before) / MB).toFixed(0)} MB (peaks: ${watch.method})`,
);
await host.stop();
console.log(`capture-bridge done: ${loadAverage()}`);
