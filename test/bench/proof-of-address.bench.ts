// Proof of address read at the desk: on a set of utility bills, bank statements and leases (each
// date format of the fixtures, each kind) as a PDF with a text layer, as a scan without one and as
// a photo of the paper, how often the document's date is found (and is the right date), how often
// its address agrees with the one typed, the time per document, and the core's event-loop delay
// while the capture worker reads them (p99 target < 50 ms). The machine's load average is printed
// beside the figures: OCR time depends on what else the two cores are doing.
//   npx tsx test/bench/proof-of-address.bench.ts        (PROOF_BENCH_DOCS=n documents per variant)
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CapturePool } from '../../electron/core/capture/capture-pool.js';
import { compareAddress } from '../../shared/domain/document-address.js';
import { findDocumentDate } from '../../shared/domain/document-date.js';
import {
  DATE_FORMATS,
  photographedPaper,
  proofOfAddressLines,
  scannedPdf,
  textLayerPdf,
  type ProofKind,
  type ProofOfAddress,
} from '../support/address-fixtures.js';
import { median } from './support/median.js';

const PER_VARIANT = Number(process.env.PROOF_BENCH_DOCS ?? 12);
const KINDS: ProofKind[] = ['utility-bill', 'bank-statement', 'lease'];
const STREETS = ['12 Acacia Street', '45 Jan Smuts Avenue', '7 Vilakazi Road', '230 Main Road'];
const PLACES = [
  { suburb: 'Rosebank', town: 'Johannesburg', postalCode: '2196' },
  { suburb: 'Hatfield', town: 'Pretoria', postalCode: '0083' },
  { suburb: 'Sea Point', town: 'Cape Town', postalCode: '8005' },
];
const TODAY = '2026-06-20';

/** A varied set: every kind, every date format, several addresses, dates over the last year. */
function fixtureSet(): ProofOfAddress[] {
  return Array.from({ length: PER_VARIANT }, (_, i) => {
    const place = PLACES[i % PLACES.length]!;
    const month = 6 - (i % 12);
    return {
      kind: KINDS[i % KINDS.length]!,
      holder: 'Thabo Mokoena',
      address: { street: STREETS[i % STREETS.length]!, ...place },
      date: new Date(Date.UTC(2026, month - 1, 1 + ((i * 7) % 27))).toISOString().slice(0, 10),
      format: i % DATE_FORMATS.length,
    };
  });
}

type Variant = 'text layer' | 'scan, no text layer' | 'photo of the paper';
const VARIANTS: Array<{
  name: Variant;
  make: (lines: string[]) => Promise<{ bytes: Uint8Array; mime: string }>;
}> = [
  { name: 'text layer', make: async (l) => ({ bytes: await textLayerPdf(l), mime: 'application/pdf' }) },
  {
    name: 'scan, no text layer',
    make: async (l) => ({ bytes: await scannedPdf(l), mime: 'application/pdf' }),
  },
  {
    name: 'photo of the paper',
    make: async (l) => ({ bytes: new Uint8Array(await photographedPaper(l)), mime: 'image/jpeg' }),
  },
];

const pool = new CapturePool();
const docs = fixtureSet();
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
console.log(
  `proof of address: ${docs.length} documents per variant (bills, statements, leases; ${DATE_FORMATS.length} date formats)`,
);
console.log(`load average at start (1 / 5 / 15 min): ${load()}`);
// The worker and the OCR engine start once, as on a laptop after its first capture.
await pool.readText((await VARIANTS[1]!.make(proofOfAddressLines(docs[0]!))).bytes, 'application/pdf');

for (const variant of VARIANTS) {
  const inputs = await Promise.all(
    docs.map(async (d) => ({ doc: d, ...(await variant.make(proofOfAddressLines(d))) })),
  );
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const times: number[] = [];
  let dated = 0;
  let wrongDate = 0;
  let agrees = 0;
  delay.enable();
  for (const { doc, bytes, mime } of inputs) {
    const start = performance.now();
    const read = await pool.readText(bytes, mime);
    const found = findDocumentDate(read.text, TODAY);
    const address = compareAddress(
      {
        lines: [doc.address.street, doc.address.suburb, doc.address.town],
        postalCode: doc.address.postalCode,
      },
      read.text,
    );
    times.push(performance.now() - start);
    if (found?.date === doc.date) dated++;
    else if (found) wrongDate++;
    if (address.agrees) agrees++;
  }
  delay.disable();
  const pct = (n: number) => `${((100 * n) / inputs.length).toFixed(0)} %`;
  console.log(
    `${variant.name}: date found ${dated}/${inputs.length} (${pct(dated)}), a wrong date ${wrongDate}; address agrees ${agrees}/${inputs.length} (${pct(agrees)}); ` +
      `per document median ${median(times).toFixed(0)} ms (max ${Math.max(...times).toFixed(0)}); ` +
      `event loop p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms (max ${(delay.max / 1e6).toFixed(1)}); load ${load()}`,
  );
}
await pool.close();
