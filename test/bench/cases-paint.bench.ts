// How soon the cases screen paints its rows, against a minimal page fetching the same rows.
// A headless host with CASES cases (work queued), signed in, in a process of its own as when staff
// run it (support/paint-host.ts: in this process its event loop would also carry the browser
// driver's traffic, which grows with the requests a page makes); Chromium opens (a) the app at its
// cases screen, (b) a minimal page on the same origin that POSTs `cases.list` for the first window of
// rows and writes them into a table. Both are timed from navigation start to the frame after the
// tenth-newest case's title is in a cell, in two ways, taken in turn:
// - cold: a fresh browser context each time, with nothing cached (the first start after an install
//   or an update);
// - warm: the browser started anew each time on a profile kept between starts, opened WARMUPS times
//   before (every later start: Electron keeps its HTTP cache and the code V8 compiled from app://
//   between starts, as a browser does for the host's pages).
// Prints medians and the ratios (target < 2). Run `npm run build:renderer` first: the host serves
// dist/renderer (or BENCH_RENDERER_DIR, to compare builds).
//
// Each page's document is handed to the browser the same way, through a DevTools interception of
// that one URL: the app's the bytes and headers the host serves for it, read from the host beforehand
// (in Electron the document comes from the app:// protocol, not over HTTP); the minimal page's HTML
// from this process (an external script would cost it a round trip) with the same headers, its CSP
// naming its one inline script by hash. Both pages thus load under the same policy: without the
// app's Cross-Origin-Opener-Policy the minimal page would keep the renderer process the bench's
// blank page started in, while the app's page moves to a new one (40-60 ms here), which measures
// the bench's blank page rather than the app. Everything else either page asks for (the app's
// assets and calls, the minimal page's fetch) goes to the host itself, with no hop through this
// process as a Playwright route would make.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { BRIDGE } from '../../shared/ipc/bridge.js';
import { paintCaseTitle } from './support/paint-cases.js';
import { median } from './support/median.js';
import { loadAverage } from './support/load-average.js';

console.log(`cases-paint: ${loadAverage()}`);

const CASES = Number(process.env.BENCH_CASES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Starts on a kept profile before the warm ones are timed: the code cache is written from the second. */
const WARMUPS = 3;
const WINDOW = 50;
/** The newest cases come first: the tenth row shown is this one. */
const TENTH = paintCaseTitle(CASES - 10);

// Records, in the page, the first frame after the tenth row's title is in a table cell.
const WATCH = `
  window.__painted = new Promise((resolve) => {
    const check = () => {
      for (const cell of document.querySelectorAll('td'))
        if (cell.textContent && cell.textContent.includes(${JSON.stringify(TENTH)})) {
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now()));
          return;
        }
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  });
`;

// The minimal page: one fetch of the same window of rows, written into a table.
const MINIMAL_SCRIPT = `
fetch(${JSON.stringify(BRIDGE.invokePath('cases.list'))}, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ offset: 0, limit: ${WINDOW} }),
}).then((r) => r.json()).then((result) => {
  const body = document.querySelector('tbody');
  for (const c of result.value.cases) {
    const tr = document.createElement('tr');
    for (const text of [c.title, c.status, String(c.unsentJobs), c.updatedAt]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    body.append(tr);
  }
});
`;
const MINIMAL = `<!doctype html><html><head><meta charset="utf-8"><title>Cases</title></head><body>
<table><thead><tr><th>Client</th><th>Status</th><th>Unsent</th><th>Updated</th></tr></thead><tbody></tbody></table>
<script>${MINIMAL_SCRIPT}</script></body></html>`;

interface Document {
  headers: { name: string; value: string }[];
  body: string;
}

/** The minimal page under the app page's headers, its CSP letting its own inline script run. */
function minimalDocument(app: Document): Document {
  const hash = `'sha256-${createHash('sha256').update(MINIMAL_SCRIPT).digest('base64')}'`;
  const headers = app.headers.map(({ name, value }) =>
    name.toLowerCase() === 'content-security-policy'
      ? {
          name,
          value: value
            .split(';')
            .map((d) => (d.trim().startsWith('script-src ') ? `${d} ${hash}` : d))
            .join(';'),
        }
      : { name, value },
  );
  if (!headers.some((h) => h.value.includes(hash)))
    throw new Error("The app's page has no script-src for the minimal page to extend");
  return { headers, body: MINIMAL };
}

/**
 * Answers the page's request for `url` with `document`, through the DevTools protocol with a
 * pattern for that one URL: Playwright's page.route would hold every request of the page (its own
 * fetch included) for a hop through this process.
 */
async function serveDocument(page: Page, url: string, document: Document): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Fetch.requestPaused', (event: { requestId: string }) => {
    void cdp
      .send('Fetch.fulfillRequest', {
        requestId: event.requestId,
        responseCode: 200,
        responseHeaders: document.headers,
        body: Buffer.from(document.body).toString('base64'),
      })
      // While interception is on, every request the page makes waits for a look at the browser
      // process, which a browser without DevTools (or Electron) never does.
      .then(() => cdp.send('Fetch.disable'));
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: url, requestStage: 'Request' }] });
}

/** The app's document as the host serves it to a signed-in page: its bytes and its headers. */
async function appDocument(url: string, cookie: string): Promise<Document> {
  const res = await fetch(url, { headers: { cookie } });
  if (!res.ok) throw new Error(`The host answered ${res.status} for the app's document`);
  const headers: Document['headers'] = [];
  res.headers.forEach((value, name) => {
    if (!['content-length', 'connection', 'keep-alive', 'date'].includes(name)) headers.push({ name, value });
  });
  return { headers, body: await res.text() };
}

const child = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./support/paint-host.ts', import.meta.url))],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_CASES: String(CASES) },
  },
);
const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
/** The host's next answer starting with `word` (anything else it prints is passed through). */
const answer = async (word: string): Promise<string> => {
  for (;;) {
    const line = await lines.next();
    if (line.done) throw new Error('The paint bench host ended early');
    if (line.value.startsWith(`${word} `)) return line.value.slice(word.length + 1);
    console.log(line.value);
  }
};
let browser: Browser | null = null;
const profiles = await mkdtemp(join(tmpdir(), 'fica-bench-paint-profiles-'));
try {
  const hostUrl = await answer('ready');
  /** A fresh one-time link into the host. */
  const openUrl = async (): Promise<string> => {
    child.stdin!.write('open\n');
    return answer('open');
  };

  const launchOptions = { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] };
  const viewport = { width: 1280, height: 900 };
  browser = await chromium.launch(launchOptions);
  type Which = 'app' | 'minimal';
  type Start = 'cold' | 'warm';
  const contextFor = async (which: Which, start: Start): Promise<BrowserContext> =>
    start === 'cold'
      ? browser!.newContext({ viewport })
      : chromium.launchPersistentContext(join(profiles, which), { ...launchOptions, viewport });
  const open = async (
    which: Which,
    start: Start,
  ): Promise<{ ms: number; page: Page; close: () => Promise<void> }> => {
    const context = await contextFor(which, start);
    const page = await context.newPage();
    // The one-time link sets the session cookie (and lands on the app, which is not timed).
    await page.goto(await openUrl(), { waitUntil: 'commit' });
    const minimalUrl = new URL('/minimal-cases.html', hostUrl).href;
    const appUrl = new URL('/', hostUrl).href;
    const cookie = (await context.cookies(appUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    const app = await appDocument(appUrl, cookie);
    if (which === 'minimal') await serveDocument(page, minimalUrl, minimalDocument(app));
    else await serveDocument(page, appUrl, app);
    await page.addInitScript(WATCH);
    // A new document each time (from the app's own page, `/#/` would be only a hash change).
    await page.goto('about:blank');
    await page.goto(which === 'app' ? `${appUrl}#/` : minimalUrl);
    const ms = (await page.evaluate('window.__painted')) as number;
    return { ms, page, close: () => context.close() };
  };

  // One of each first (the host's first read of every case, the browser's first start), and the
  // kept profiles' first starts.
  for (const which of ['app', 'minimal'] as const) {
    await (await open(which, 'cold')).close();
    for (let i = 0; i < WARMUPS; i++) await (await open(which, 'warm')).close();
  }
  const times: Record<`${Which} ${Start}`, number[]> = {
    'app cold': [],
    'minimal cold': [],
    'app warm': [],
    'minimal warm': [],
  };
  let timeline = '';
  for (let run = 0; run < RUNS; run++) {
    for (const start of ['cold', 'warm'] as const)
      for (const which of ['app', 'minimal'] as const) {
        const opened = await open(which, start);
        times[`${which} ${start}`].push(opened.ms);
        if (run === 0 && which === 'app' && start === 'cold') {
          await opened.page.screenshot({ path: 'artifacts/screenshots/cases-paint-app.png' });
          // Where the app's time goes: the bundle, its evaluation (long frames), each IPC call.
          timeline = (await opened.page.evaluate(
            `performance.getEntries().filter((e) => e.entryType !== 'visibility-state').map((e) => e.name.replace(location.origin, '') + ' ' + Math.round(e.startTime) + '–' + Math.round(e.startTime + e.duration)).join('; ')`,
          )) as string;
        }
        await opened.close();
      }
  }
  console.log(
    `cases screen paint: ${CASES} cases with queued work, first ${WINDOW} rows, medians of ${RUNS} loads of each, taken in turn`,
  );
  const each = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  for (const start of ['cold', 'warm'] as const) {
    const app = times[`app ${start}`];
    const minimal = times[`minimal ${start}`];
    const ratio = median(app) / median(minimal);
    console.log(
      `  ${start} start: app ${median(app).toFixed(0)} ms (each: ${each(app)}), minimal page ${median(minimal).toFixed(0)} ms (each: ${each(minimal)})`,
    );
    console.log(`    ratio ${ratio.toFixed(2)} (target < 2) ${ratio < 2 ? 'OK' : 'ABOVE TARGET'}`);
  }
  console.log(`  app timeline, cold (ms from navigation): ${timeline}`);
} finally {
  await browser?.close();
  await rm(profiles, { recursive: true, force: true });
  child.stdin!.end();
  if (child.exitCode === null && child.signalCode === null)
    await new Promise((resolve) => child.once('exit', resolve));
}
console.log(`cases-paint done: ${loadAverage()}`);
