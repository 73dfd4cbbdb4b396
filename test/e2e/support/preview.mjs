// Screenshots of the screens against mock-desk.js, for looking at layout before the core exists.
// Usage: npx vite build && node test/e2e/support/preview.mjs (serves dist/renderer itself).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const root = resolve('dist/renderer');
const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.mjs': 'text/javascript',
};
const server = createServer(async (req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  try {
    const body = await readFile(join(root, path === '/' ? 'index.html' : path));
    res.writeHead(200, { 'content-type': types[extname(path) || '.html'] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
}).listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.addInitScript({ path: resolve('test/e2e/support/mock-desk.js') });
page.on('pageerror', (e) => console.error('page error:', e.message));
const shots = [
  ['cases', '#/cases', ''],
  ['entity-sanctions', '#/case/case-1/sanctions-review', ''],
  ['organigram', '#/case/case-1/organigram', ''],
  ['entity-docs', '#/case/case-1/entity-documents', ''],
  ['person', '#/case/case-1/people/u-1', '?env=live'],
  ['queue', '#/queue', '?theme=dark'],
  ['settings', '#/settings', ''],
  ['new-individual', '#/new/individual', ''],
];
for (const [name, hash, query] of shots) {
  await page.goto(`${base}${query}${hash}`);
  await page.waitForTimeout(400);
  if (name === 'organigram') {
    await page.getByRole('button', { name: 'Add individual' }).click();
    await page.getByLabel('First name').fill('Alice');
    await page.getByLabel('Last name').fill('Adams');
    await page.getByLabel(/Shareholding at this level/).fill('60');
    await page.getByRole('button', { name: /^Entity being onboarded/ }).click();
    await page.getByRole('button', { name: 'Add trust' }).click();
    await page.getByLabel(/Shareholding at this level/).fill('50');
    await page.getByLabel('Trust name').fill('Family Trust');
    await page.getByRole('button', { name: 'Add individual' }).click();
    await page.getByLabel('First name').fill('Carol');
    await page.getByLabel('Last name').fill('Cole');
    await page.getByLabel(/Shareholding at this level/).fill('100');
  }
  await page.screenshot({ path: `artifacts/preview/${name}.png`, fullPage: true });
  console.log('shot', name);
}
await browser.close();
server.close();
