// How soon the cases screen paints its rows, against a minimal page fetching the same rows.
// A headless host with CASES cases (work queued), signed in, in a process of its own as when staff
// run it (support/paint-host.ts: in this process its event loop would also carry the browser
// driver's traffic, which grows with the requests a page makes); Chromium opens, in a fresh browser
// context each run (a cold cache, as when the app starts): (a) the app at its cases screen, (b) a
// minimal page on the same origin that POSTs `cases.list` for the first window of rows and writes
// them into a table. Both are timed from navigation start to the frame after the tenth-newest
// case's title is in a cell. Prints medians and the ratio (target < 2). Run `npm run
// build:renderer` first: the host serves dist/renderer (or BENCH_RENDERER_DIR, to compare builds).
//
// Each page's document is handed to the browser the same way, through a DevTools interception of
// that one URL: the minimal page's HTML from this process (the host's CSP would refuse its inline
// script, and an external one would cost it a round trip), the app's the bytes and headers the host
// serves for it (its CSP included), read from the host beforehand (in Electron the document comes
// from the app:// protocol, not over HTTP). Everything else either page asks for (the app's assets
// and calls, the minimal page's fetch) goes to the host itself, with no hop through this process as
// a Playwright route would make.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { BRIDGE } from '../../shared/ipc/bridge.js';
import { paintCaseTitle } from './support/paint-cases.js';
import { median } from './support/median.js';

const CASES = Number(process.env.BENCH_CASES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
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
const MINIMAL = `<!doctype html><html><head><meta charset="utf-8"><title>Cases</title></head><body>
<table><thead><tr><th>Client</th><th>Status</th><th>Unsent</th><th>Updated</th></tr></thead><tbody></tbody></table>
<script>
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
</script></body></html>`;

interface Document {
  headers: { name: string; value: string }[];
  body: string;
}

const MINIMAL_DOCUMENT: Document = {
  headers: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }],
  body: MINIMAL,
};

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
try {
  const hostUrl = await answer('ready');
  /** A fresh one-time link into the host. */
  const openUrl = async (): Promise<string> => {
    child.stdin!.write('open\n');
    return answer('open');
  };

  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const open = async (
    which: 'app' | 'minimal',
  ): Promise<{ ms: number; page: Page; close: () => Promise<void> }> => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // The one-time link sets the session cookie (and lands on the app, which is not timed).
    await page.goto(await openUrl(), { waitUntil: 'commit' });
    const minimalUrl = new URL('/minimal-cases.html', hostUrl).href;
    const appUrl = new URL('/', hostUrl).href;
    if (which === 'minimal') await serveDocument(page, minimalUrl, MINIMAL_DOCUMENT);
    else {
      const cookie = (await context.cookies(appUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
      await serveDocument(page, appUrl, await appDocument(appUrl, cookie));
    }
    await page.addInitScript(WATCH);
    // A new document each time (from the app's own page, `/#/` would be only a hash change).
    await page.goto('about:blank');
    await page.goto(which === 'app' ? `${appUrl}#/` : minimalUrl);
    const ms = (await page.evaluate('window.__painted')) as number;
    return { ms, page, close: () => context.close() };
  };

  // One of each first (the host's first read of every case, the browser's first start).
  await (await open('app')).close();
  await (await open('minimal')).close();
  const app: number[] = [];
  let timeline = '';
  const minimal: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const a = await open('app');
    app.push(a.ms);
    if (run === 0) {
      await a.page.screenshot({ path: 'artifacts/screenshots/cases-paint-app.png' });
      // Where the app's time goes: the bundle, its evaluation (long frames), each IPC call.
      timeline = (await a.page.evaluate(
        `performance.getEntries().filter((e) => e.entryType !== 'visibility-state').map((e) => e.name.replace(location.origin, '') + ' ' + Math.round(e.startTime) + '–' + Math.round(e.startTime + e.duration)).join('; ')`,
      )) as string;
    }
    await a.close();
    const m = await open('minimal');
    minimal.push(m.ms);
    await m.close();
  }
  const appMs = median(app);
  const minimalMs = median(minimal);
  const ratio = appMs / minimalMs;
  console.log(
    `cases screen paint: ${CASES} cases with queued work, first ${WINDOW} rows, median of ${RUNS} cold loads`,
  );
  console.log(`  app ${appMs.toFixed(0)} ms (each: ${app.map((v) => v.toFixed(0)).join(', ')})`);
  console.log(
    `  minimal page ${minimalMs.toFixed(0)} ms (each: ${minimal.map((v) => v.toFixed(0)).join(', ')})`,
  );
  console.log(`  app timeline (ms from navigation): ${timeline}`);
  console.log(`  ratio ${ratio.toFixed(2)} (target < 2) ${ratio < 2 ? 'OK' : 'ABOVE TARGET'}`);
} finally {
  await browser?.close();
  child.stdin!.end();
  if (child.exitCode === null && child.signalCode === null)
    await new Promise((resolve) => child.once('exit', resolve));
}
