// The environment form says why it cannot save, under the field it is about: under the insecure
// development keychain (a laptop without an OS keychain) a Test or Live environment is refused, and
// the Kind field says so, with the form's error summary linking to it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startHost } from '../../electron/host/index.js';
import { DeskApp } from './pages/desk-app.js';
import { expect, screenshot, staffServiceOf, test } from './fixtures.js';

test('saving a test environment under the development keychain says why under the Kind field', async ({
  page,
}) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'fica-e2e-devkeychain-'));
  const host = await startHost({
    dataDir,
    port: 0,
    rendererDir: resolve('dist/renderer'),
    devKeychain: true,
    queue: { heartbeatMs: 1000, probeIntervalMs: 500 },
  });
  try {
    const desk = new DeskApp(page, staffServiceOf(host));
    await page.goto(host.openUrl());
    await desk.ready();
    await desk.actAs('admin');
    await desk.open('Settings');
    await page.getByRole('button', { name: 'Add an environment' }).click();
    const form = page.getByRole('form', { name: 'New environment' });
    await form.getByLabel('Name').fill('Bank test');
    await form.getByLabel('Kind').selectOption('test');
    await form.getByLabel('Service base URL').fill('https://api.test.example.co.za');
    await form.getByRole('button', { name: 'Save environment' }).click();

    const kind = form.getByLabel('Kind');
    await expect(kind).toHaveAttribute('aria-invalid', 'true');
    await expect(kind).toHaveAccessibleDescription(/insecure development keychain.*OS keychain/);
    // The form's summary names the field and links to it.
    await expect(
      form.getByRole('link', { name: /^Kind: FICA Desk is running with the insecure development keychain/ }),
    ).toBeVisible();
    // Nothing else on the screen says it instead of the form.
    await expect(page.getByRole('alert').filter({ hasText: /development keychain/ })).toHaveCount(1);
    await screenshot(page, 'settings-environment-refused-under-kind');
  } finally {
    await host.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
