// The capture desk's figures: PDF417 from a 12 MP photo (target < 1 s), a passport MRZ (< 3 s), the
// quality check of a 12 MP page (< 200 ms), each timed in this thread (the desk runs them in the
// capture worker: mrz-reading.bench.ts reads through it), and a 10-sheet feeder scan through SANE's
// test scanner into the vault with the core's RSS growth (< 100 MB). Medians of several runs, with
// the machine's load average.
import { mkdtemp } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMrz, stopMrzReader } from '../../electron/core/capture/identity/read-mrz.js';
import { readPdf417 } from '../../electron/core/capture/identity/read-pdf417.js';
import { measurePage } from '../../electron/core/capture/page-measures.js';
import { makeSouthAfricanId } from '../../shared/domain/sa-id.js';
import { startTestCore } from '../support/core-harness.js';
import { passportPage, photographed, smartIdBack } from '../support/identity-fixtures.js';
import { useTestScanner, TEST_SCANNER } from '../support/sane-test-scanner.js';
import { startTestSandbox } from '../support/sandbox.js';
import { loadAverage } from './support/load-average.js';
import { watchPeakRss } from './support/peak-rss.js';

console.log(`capture-desk: ${loadAverage()}`);

const RUNS = Number(process.env.CAPTURE_DESK_RUNS ?? 5);
const MB = 1024 * 1024;

async function median(label: string, target: string, run: () => Promise<unknown>): Promise<void> {
  await run(); // warm-up: loading wasm, the OCR model, libvips
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label}: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms (min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)}; target ${target}); load average ${loadavg()[0]!.toFixed(2)}`,
  );
}

const card = await photographed(
  await smartIdBack({
    surname: 'Mokoena',
    names: 'Thabo John',
    idNumber: makeSouthAfricanId({
      birthDate: '1980-01-01',
      gender: 'Male',
      citizenship: 'citizen',
      sequence: 7,
    }),
    sex: 'M',
    born: '01 Jan 1980',
  }),
);
await median('PDF417 from a 12 MP photo (4000×3000, turned 6°)', '< 1000 ms', async () => {
  if (!(await readPdf417(card))) throw new Error('barcode not read');
});

const passport = await passportPage({
  surname: 'Naidoo',
  names: 'Priya Devi',
  number: 'A12345678',
  nationality: 'ZAF',
  birth: '900203',
  sex: 'F',
  expiry: '310101',
});
await median('passport MRZ by OCR (1600×1120 page)', '< 3000 ms', async () => {
  if (!(await readMrz(passport))) throw new Error('MRZ not read');
});
const passportPhoto = await photographed(passport, 1.5);
await median('passport MRZ by OCR from a 12 MP photo (turned 1.5°)', '< 3000 ms', async () => {
  if (!(await readMrz(passportPhoto))) throw new Error('MRZ not read');
});
await stopMrzReader();

await median('quality check of a 12 MP page', '< 200 ms', () => measurePage(card));

useTestScanner();
const sandbox = await startTestSandbox();
const t = await startTestCore({
  dataDir: await mkdtemp(join(tmpdir(), 'fica-bench-scan-')),
  sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
  startQueue: false,
});
const { caseId } = await t.call('individual.create', {
  firstName: 'Bench',
  lastName: 'Scan',
  clientSACitizen: true,
  idNumber: makeSouthAfricanId({
    birthDate: '1990-02-03',
    gender: 'Female',
    citizenship: 'citizen',
    sequence: 3,
  }),
});
globalThis.gc?.();
const before = process.memoryUsage.rss();
const watch = watchPeakRss();
const draft = await t.call('documents.startDraft', { caseId, owner: { kind: 'individual' } });
const start = performance.now();
const outcome = await t.call('scanners.scan', {
  draftId: draft.id,
  settings: { scannerId: TEST_SCANNER, source: 'Automatic Document Feeder', mode: 'Color', resolution: 300 },
});
const took = performance.now() - start;
const peak = watch.stop();
console.log(
  `10-sheet feeder scan (colour, 300 dpi) into the vault: ${outcome.pages} pages in ${took.toFixed(0)} ms; core RSS growth ${((peak - before) / MB).toFixed(1)} MB (target < 100 MB; ${watch.method})`,
);
await t.core.shutdown();
await sandbox.dispose();
console.log(`capture-desk done: ${loadAverage()}`);
