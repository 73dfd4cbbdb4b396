// Capturing page after page in the core, as the clerk does at the counter: 20 photographed pages
// (12 MP JPEG) added one by one to a draft, with the time until the next page can be captured and
// the core's event-loop delay meanwhile (perf_hooks.monitorEventLoopDelay: what every other request
// and event waits); then 20 PDFs of 40 MB added to one draft, with the process's peak RSS.
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { startTestCore } from '../support/core-harness.js';
import { saId } from '../support/flows.js';
import { startTestSandbox } from '../support/sandbox.js';

const MB = 1024 * 1024;
const PAGES = 20;

function noisyJpeg(width: number, height: number, quality: number): Promise<Buffer> {
  // Noise does not compress: the worst case for size and for the codecs.
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

async function fortyMbPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 10; i++) {
    const image = await doc.embedJpg(await noisyJpeg(1900, 2600, 90));
    doc.addPage([595.28, 841.89]).drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
  }
  return doc.save();
}

const photo = await noisyJpeg(3000, 4000, 85);
const pdf = await fortyMbPdf();
const sandbox = await startTestSandbox();
const t = await startTestCore({
  sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
  startQueue: false,
});
await t.call('lookups.refresh', {});

const person = await t.call('individual.create', {
  firstName: 'Bench',
  lastName: 'Sequence',
  clientSACitizen: true,
  idNumber: saId(),
});
const photos = await t.call('documents.startDraft', { caseId: person.caseId, owner: { kind: 'individual' } });
// Warm-up: loading libvips and the PDF library is paid once per session, not per page.
await t.call('documents.addPages', {
  draftId: photos.id,
  files: [{ name: 'warm-up.jpg', bytes: new Uint8Array(photo) }],
});

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const waits: number[] = [];
for (let i = 0; i < PAGES; i++) {
  const start = performance.now();
  await t.call('documents.addPages', {
    draftId: photos.id,
    files: [{ name: `page-${i}.jpg`, bytes: new Uint8Array(photo) }],
  });
  waits.push(performance.now() - start);
}
delay.disable();
waits.sort((a, b) => a - b);
console.log(
  `sequence: ${PAGES} × ${(photo.length / MB).toFixed(1)} MB 12 MP JPEG: next page ready after median ${waits[PAGES / 2]!.toFixed(0)} ms (max ${waits.at(-1)!.toFixed(0)} ms; target < 100 ms)`,
);
console.log(
  `sequence: event-loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, max ${(delay.max / 1e6).toFixed(0)} ms (target p99 < 50 ms)`,
);

const entity = await t.call('entity.create', {
  entityRegName: 'Bench Sequence Ltd',
  entityRegNumber: '2019/123456/07',
  entityType: 1,
});
const pdfs = await t.call('documents.startDraft', { caseId: entity.caseId, owner: { kind: 'entity' } });
globalThis.gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
const start = performance.now();
for (let i = 0; i < PAGES; i++)
  await t.call('documents.addPages', {
    draftId: pdfs.id,
    files: [{ name: `statement-${i}.pdf`, bytes: pdf as Uint8Array<ArrayBuffer> }],
  });
const took = performance.now() - start;
clearInterval(sampler);
console.log(
  `sequence: ${PAGES} × ${(pdf.length / MB).toFixed(1)} MB PDF added one by one in ${took.toFixed(0)} ms; peak RSS ${(peak / MB).toFixed(0)} MB (growth ${((peak - before) / MB).toFixed(0)} MB; target peak < 250 MB)`,
);
await t.core.shutdown();
await sandbox.stop();
