// Capture time of a large scan: sniff + normalise + assemble into a PDF, median of several runs.
// The input is a ~10 MB noisy JPEG (noise does not compress, so it is the worst case for size).
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { captureDocument } from '../../electron/core/capture/capture-document.js';
import { loadAverage } from './support/load-average.js';

console.log(`capture: ${loadAverage()}`);

const RUNS = Number(process.env.CAPTURE_BENCH_RUNS ?? 5);
const MB = 1024 * 1024;

async function noisyScan(): Promise<Buffer> {
  // 3000×4000 is a 12 MP phone photo or a 350 dpi A4 scan.
  const width = 3000;
  const height = 4000;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

const scan = await noisyScan();
// Warm-up: the first run pays for loading libvips and PDF library code.
await captureDocument([{ name: 'scan.jpg', bytes: scan }], 'entity');

const times: number[] = [];
let outputSize = 0;
for (let run = 0; run < RUNS; run++) {
  const start = performance.now();
  const result = await captureDocument([{ name: 'scan.jpg', bytes: scan }], 'entity');
  times.push(performance.now() - start);
  outputSize = result.bytes.length;
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? Number.NaN;

console.log(
  `capture: input ${(scan.length / MB).toFixed(1)} MB JPEG 3000×4000 → PDF ${(outputSize / MB).toFixed(1)} MB`,
);
console.log(
  `capture: median ${median.toFixed(0)} ms over ${RUNS} runs (min ${times[0]?.toFixed(0)} ms, max ${times.at(-1)?.toFixed(0)} ms)`,
);
console.log(`capture: peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
console.log(`capture done: ${loadAverage()}`);
