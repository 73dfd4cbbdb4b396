// Each test gets its own headless host (core + embedded sandbox + built renderer) on port 0 with a
// temporary data directory, and a page opened on it.
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { keytarSecretStores } from '../../electron/core/keychain/index.js';
import { startHost, type Host } from '../../electron/host/index.js';
import { DeskApp } from './pages/desk-app.js';
import { staffServiceOf } from '../support/staff-sign-in.js';

export { staffServiceOf };

export const test = base.extend<{ host: Host; desk: DeskApp }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object.
  host: async ({}, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fica-e2e-'));
    const host = await startTestHost(dataDir);
    try {
      await use(host);
    } finally {
      await host.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
  desk: async ({ page, host }, use) => {
    const desk = new DeskApp(page, staffServiceOf(host));
    // The one-time link the host prints: it signs this browser in with an HttpOnly cookie.
    await page.goto(host.openUrl());
    await desk.ready();
    await use(desk);
  },
});

export { expect };

/**
 * A headless host on `dataDir` serving the built renderer, with the real OS keychain under service
 * names of its own: every host starts a fresh sandbox with fresh credentials and must not meet
 * another's secrets. An idle host notices a stopped sandbox within a second and its return within
 * half a second, where the app waits up to 30 s and 2 s: the tests watch the same transitions sooner.
 */
export function startTestHost(dataDir: string): Promise<Host> {
  const run = basename(dataDir);
  return startHost({
    dataDir,
    port: 0,
    rendererDir: resolve('dist/renderer'),
    secretStore: (service: string) => keytarSecretStores(`${service}/${run}`),
    queue: { heartbeatMs: 1000, probeIntervalMs: 500 },
  });
}

const SHOTS = resolve('artifacts/screenshots');

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  // From the top, so the sticky header sits where a person sees it in a full-page image.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** No serious or critical axe-core violation on the screen as it is now. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(report, `axe-core violations on ${screen}`).toEqual([]);
}
