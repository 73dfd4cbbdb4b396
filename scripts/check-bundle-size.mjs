// Run after `vite build`: the first screen's JavaScript must stay under 250 KB gzip, hold no zod,
// be marked for eager compilation, and pdf.js must sit in its own chunk that the first screen does
// not load (it is imported dynamically).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = 'dist/renderer';
const LIMIT = 250 * 1024;
const html = readFileSync(join(dir, 'index.html'), 'utf8');
const assets = readdirSync(join(dir, 'assets'));
const failures = [];

// What index.html loads directly, then every chunk those import statically (not import()).
const entry = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const seen = new Set();
const queue = [...entry];
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dir, file), 'utf8');
  for (const m of code.matchAll(
    /(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g,
  )) {
    queue.push(`assets/${m[1]}`);
  }
}

let total = 0;
for (const file of seen) {
  const size = gzipSync(readFileSync(join(dir, file))).length;
  total += size;
  console.log(`first screen: ${file} ${(size / 1024).toFixed(1)} KB gzip`);
}
console.log(`first screen total: ${(total / 1024).toFixed(1)} KB gzip (limit ${LIMIT / 1024} KB)`);
if (total > LIMIT)
  failures.push(`first screen JavaScript is ${(total / 1024).toFixed(1)} KB gzip, over ${LIMIT / 1024} KB`);

const pdfChunks = assets.filter((a) => /^pdfjs-runtime-.*\.js$/.test(a));
if (pdfChunks.length !== 1) failures.push(`expected one pdfjs-runtime chunk, found ${pdfChunks.length}`);
for (const chunk of pdfChunks) {
  const path = `assets/${chunk}`;
  const size = gzipSync(readFileSync(join(dir, path))).length;
  console.log(`lazy: ${path} ${(size / 1024).toFixed(1)} KB gzip`);
  if (seen.has(path)) failures.push(`${path} is loaded by the first screen; pdf.js must be imported lazily`);
  if (!readFileSync(join(dir, path), 'utf8').includes('GlobalWorkerOptions'))
    failures.push(`${path} does not hold pdf.js`);
}
for (const file of seen) {
  const code = readFileSync(join(dir, file), 'utf8');
  if (code.includes('GlobalWorkerOptions')) failures.push(`${file} (first screen) contains pdf.js`);
  // zod and the schemas built with it cost the first screen ~100 ms of evaluation: the answers are
  // checked by plain guards there (shared/ipc/result-guards.ts), zod loads with the later screens.
  if (code.includes('$ZodType')) failures.push(`${file} (first screen) contains zod; import it lazily`);
  // Compiled while it downloads rather than function by function on the main thread as the app
  // mounts (vite.config.ts adds the hint).
  if (!code.startsWith('//# allFunctionsCalledOnLoad\n'))
    failures.push(`${file} (first screen) does not start with V8's compile hint`);
}
const worker = assets.filter((a) => /^pdf\.worker/.test(a));
if (worker.length === 0) failures.push('the pdf.js worker is missing from the build');

if (failures.length > 0) {
  for (const f of failures) console.error(`FAIL: ${f}`);
  process.exit(1);
}
console.log('bundle size check passed');
