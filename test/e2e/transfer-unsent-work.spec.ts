// Settings → "Export unsent work" on one laptop, "Import work" on another (its own data folder,
// keychain and embedded sandbox): the download, the file chooser, the refusal of a wrong
// passphrase, and the application opening on the second laptop.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeSouthAfricanId } from '../../shared/domain/index.js';
import type { Host } from '../../electron/host/index.js';
import { DeskApp } from './pages/desk-app.js';
import { expect, screenshot, staffServiceOf, startTestHost, test } from './fixtures.js';
import { signedInCore } from '../support/host-core.js';

const PASSPHRASE = 'river lantern copper meadow';

/** Signs the laptop's training capturer in (through its identity provider), as a person would first. */
async function actAsCapturer(host: Host): Promise<void> {
  const t = await signedInCore(host.core, staffServiceOf(host)!, 'capturer');
  await t.call('lookups.refresh', {});
}

test('unsent work exported in Settings is imported on another laptop', async ({
  desk,
  page,
  host,
  browser,
}) => {
  const last = `Exportson${Date.now() % 100000}`;
  const name = `Lerato ${last}`;
  // A change is made by someone: the person acting on laptop A is chosen first, as in Settings.
  await actAsCapturer(host);
  const serviceA = staffServiceOf(host)!;
  // Laptop A is offline: the application and its document stay unsent.
  await host.sandboxControl.stop();
  const created = await host.core.handle('individual.create', {
    firstName: 'Lerato',
    lastName: last,
    clientSACitizen: true,
    idNumber: makeSouthAfricanId({
      birthDate: '1990-02-03',
      gender: 'Female',
      citizenship: 'citizen',
      sequence: 412,
    }),
  });
  expect(created.ok).toBe(true);
  await desk.openCase(name);
  await expect(desk.unsentLink).toBeVisible();

  await desk.open('Settings');
  const transfer = page.getByRole('region', { name: 'Move unsent work to another laptop' });
  await transfer.getByLabel('Passphrase for the archive').fill('too short');
  await transfer.getByLabel('Passphrase again').fill('too short');
  await transfer.getByRole('button', { name: 'Export unsent work' }).click();
  await expect(transfer.getByRole('alert')).toHaveText(/at least 12 characters/);
  await transfer.getByLabel('Passphrase for the archive').fill(PASSPHRASE);
  await transfer.getByLabel('Passphrase again').fill(PASSPHRASE);
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await transfer.getByRole('button', { name: 'Export unsent work' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^fica-desk-unsent-work-\d{12}\.fdxa$/);
  const archive = join(await mkdtemp(join(tmpdir(), 'fica-e2e-archive-')), download.suggestedFilename());
  await download.saveAs(archive);
  await expect(transfer.getByRole('status')).toHaveText(/Saved .*1 application/, { timeout: 30_000 });
  await screenshot(page, 'settings-export-unsent-work');

  // Laptop B: another data folder, another keychain namespace, its own embedded sandbox.
  const dataDir = await mkdtemp(join(tmpdir(), 'fica-e2e-b-'));
  const other = await startTestHost(dataDir);
  const context = await browser.newContext();
  try {
    const pageB = await context.newPage();
    const deskB = new DeskApp(pageB);
    await actAsCapturer(other);
    await pageB.goto(other.openUrl());
    await deskB.ready();
    await deskB.open('Settings');
    const importer = pageB.getByRole('region', { name: 'Move unsent work to another laptop' });
    await importer.getByLabel('Choose archive…').setInputFiles(archive, { timeout: 60_000 });
    await expect(importer.getByText(download.suggestedFilename())).toBeVisible();
    await importer.getByLabel('Passphrase of the archive').fill('not the right passphrase');
    await importer.getByRole('button', { name: 'Import work' }).click();
    await expect(importer.getByRole('alert')).toHaveText(
      /passphrase does not open the archive.*Nothing was imported/,
      {
        timeout: 60_000,
      },
    );
    await importer.getByLabel('Passphrase of the archive').fill(PASSPHRASE);
    await importer.getByRole('button', { name: 'Import work' }).click();
    await expect(importer.getByRole('status')).toHaveText(/Imported 1 application/, { timeout: 60_000 });
    // B's embedded sandbox is another service: the work keeps its own environment, added here.
    await expect(importer.getByRole('status')).toHaveText(/environment this laptop did not know/);
    await screenshot(pageB, 'settings-import-work');
    // It is listed under that environment only: switching to it shows the case, waiting for sign-in
    // there rather than being sent to this laptop's own sandbox.
    await pageB
      .getByRole('row', { name: /Sandbox \(imported\)/ })
      .getByRole('button', { name: 'Use' })
      .click();
    // Each environment has its own sign-in: the person signs in there (laptop A's service, back
    // online) first.
    await expect(pageB.getByRole('heading', { level: 1, name: 'Sign in to FICA Desk' })).toBeVisible();
    await host.sandboxControl.start();
    await new DeskApp(pageB, serviceA).actAs('capturer');
    await deskB.open('Settings');
    await expect(pageB.getByRole('row', { name: /Sandbox \(imported\)/ })).toContainText('In use');
    await deskB.openCase(name);
    await expect(pageB.getByText(/waiting for sign-in/i).first()).toBeVisible();
    await screenshot(pageB, 'imported-case');
  } finally {
    await context.close();
    await other.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(archive, { force: true });
  }
});
