// `npm run security`: Electronegativity over the Electron layer (main, preload, security policy),
// failing on any finding of MEDIUM severity or above that is not explained in
// electron/security/electronegativity-allowlist.json. Run with tsx: the CSP is imported from its
// TypeScript source so the scanner judges the exact policy the app sends.
//
// Two guards keep a green result meaningful: a file the scanner cannot parse fails the run (it would
// otherwise be skipped silently), and a canary with known-bad settings must be flagged, proving the
// scanner still reads our TypeScript.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentSecurityPolicy } from '../electron/security/csp.ts';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
const SCANNED = ['electron/main', 'electron/preload', 'electron/security'];
const ALLOWLIST = path.join(root, 'electron/security/electronegativity-allowlist.json');
// Needs the network to list Electron releases; the Electron version is pinned in package-lock.json
// and upgraded deliberately, so the scan must not depend on connectivity.
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'];
const FAIL_AT = 2; // Electronegativity's severity scale: 0 informational, 1 low, 2 medium, 3 high.

const engModule = require('@doyensec/electronegativity');
const scan = engModule.default ?? engModule;
const electronVersion = JSON.parse(
  await readFile(path.join(root, 'node_modules/electron/package.json'), 'utf8'),
).version;

async function run(input) {
  // The scanner logs progress and tries to fetch translations; keep its chatter out of our report.
  const log = console.log;
  console.log = () => undefined;
  try {
    return await scan({
      input,
      isRelative: true,
      electronVersionOverride: electronVersion,
      excludeFromScan: EXCLUDED_CHECKS,
      severitySet: 'informational',
      confidenceSet: 'tentative',
    });
  } finally {
    console.log = log;
  }
}

const normalise = (file) => file.split(path.sep).join('/');
const oneLine = (text) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();

const staging = await mkdtemp(path.join(tmpdir(), 'fica-electronegativity-'));
let failed = false;
try {
  // The app's sources, plus the app's CSP in the form the scanner evaluates (a meta tag): the policy
  // is sent as a header built by a function, which the scanner's AST match cannot see.
  const appDir = path.join(staging, 'app');
  for (const dir of SCANNED) await cp(path.join(root, dir), path.join(appDir, dir), { recursive: true });
  const csp = contentSecurityPolicy().replaceAll('"', '&quot;');
  await writeFile(
    path.join(appDir, 'electron/security/csp-as-sent.html'),
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${csp}"></head></html>\n`,
  );

  // Scanned in the same run (the scanner spends seconds on a translation download each run); the
  // canary adds findings of its own only, so it cannot hide one of the app's.
  const canaryDir = path.join(staging, 'canary');
  await mkdir(canaryDir);
  await writeFile(
    path.join(canaryDir, 'canary.ts'),
    `import { BrowserWindow } from 'electron';\nexport const w: BrowserWindow = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false } });\n`,
  );

  const result = await run(staging);
  for (const error of result.errors.filter((e) => !e.tolerable)) {
    console.error(`Could not parse ${normalise(path.relative(staging, error.file))}: ${error.message}`);
    failed = true;
  }
  const isCanary = (issue) => normalise(issue.file).startsWith('canary/');
  const canaryIds = new Set(result.issues.filter(isCanary).map((issue) => issue.id));
  for (const expected of ['CONTEXT_ISOLATION_JS_CHECK', 'NODE_INTEGRATION_JS_CHECK']) {
    if (!canaryIds.has(expected)) {
      console.error(
        `Electronegativity did not flag the canary (${expected}): it may no longer parse TypeScript.`,
      );
      failed = true;
    }
  }
  const issues = result.issues
    .filter((issue) => !isCanary(issue))
    .map((issue) => ({ ...issue, file: normalise(issue.file).replace(/^app\//, '') }));

  const allowlist = JSON.parse(await readFile(ALLOWLIST, 'utf8'));
  const used = new Set();
  const blocking = [];
  const reviewed = [];
  for (const issue of issues) {
    const file = normalise(issue.file);
    const sample = oneLine(issue.sample);
    const entry = allowlist.find(
      (allowed) =>
        allowed.id === issue.id && allowed.file === file && sample.includes(oneLine(allowed.sample)),
    );
    const line = `${issue.severity.name.padEnd(6)} ${issue.id}  ${file}:${issue.location.line}  ${sample}`;
    if (entry) {
      used.add(entry);
      reviewed.push(`${line}\n         allowed: ${entry.reason}`);
    } else if (issue.severity.value >= FAIL_AT) {
      blocking.push(line);
    } else {
      reviewed.push(line);
    }
  }

  console.log(
    `Electronegativity ${SCANNED.join(', ')} (Electron ${electronVersion}): ${issues.length} findings.`,
  );
  if (reviewed.length > 0)
    console.log(`\nReviewed or below MEDIUM:\n${reviewed.map((l) => `  ${l}`).join('\n')}`);
  for (const entry of allowlist.filter((e) => !used.has(e))) {
    console.warn(`\nAllow-list entry no longer matches anything (remove it): ${entry.id} ${entry.file}`);
  }
  if (blocking.length > 0) {
    console.error(
      `\nFindings of MEDIUM or above that are not in electron/security/electronegativity-allowlist.json:\n${blocking
        .map((l) => `  ${l}`)
        .join('\n')}\nFix them, or add an entry with the reason it is safe.`,
    );
    failed = true;
  }
} finally {
  await rm(staging, { recursive: true, force: true });
}

if (failed) process.exit(1);
console.log('\nNo unexplained findings of MEDIUM or above.');
