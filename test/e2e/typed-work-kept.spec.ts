// No typed work is lost: what is typed in a form is kept on this laptop as a draft and comes back
// after navigating away and after the app is restarted, with a notice saying it is not saved yet.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Host } from '../../electron/host/index.js';
import { expect, screenshot, staffServiceOf, startTestHost, test } from './fixtures.js';
import { DeskApp } from './pages/desk-app.js';

test('a half-typed new individual survives navigating away and a restart', async ({ page }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'fica-e2e-drafts-'));
  let host: Host | null = null;
  const start = async () => {
    host = await startTestHost(dataDir);
    await page.goto(host.openUrl());
    const desk = new DeskApp(page, staffServiceOf(host));
    await desk.ready();
    return desk;
  };
  try {
    let desk = await start();
    await desk.actAs('capturer');
    await desk.open('Cases');
    await page.getByRole('link', { name: 'New individual' }).click();
    await page.getByLabel('First name').fill('Lindiwe');
    await page.getByLabel('Last name').fill('Half-typed');
    await page.getByLabel('E-mail').fill('lindiwe@example.co.za');
    await expect(page.getByRole('status').filter({ hasText: 'kept on this laptop as a draft' })).toBeVisible({
      timeout: 30_000,
    });

    await desk.open('Queue');
    await desk.open('Cases');
    await page.getByRole('link', { name: 'New individual' }).click();
    await expect(page.getByLabel('Last name')).toHaveValue('Half-typed');
    await expect(
      page.getByRole('status').filter({ hasText: 'Your unsaved input from before is back' }),
    ).toBeVisible();

    await host!.stop();
    host = null;
    desk = await start();
    // A restart ends the session: the person signs in again, and their typed work is there.
    await desk.actAs('capturer');
    await desk.open('Cases');
    await page.getByRole('link', { name: 'New individual' }).click();
    await expect(page.getByLabel('First name')).toHaveValue('Lindiwe');
    await expect(page.getByLabel('E-mail')).toHaveValue('lindiwe@example.co.za');
    await expect(page.getByText('It is not saved and not sent until you save the form.')).toBeVisible();
  } finally {
    await (host as Host | null)?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('a half-typed new entity survives navigating away and a restart, and is thrown away only when asked', async ({
  page,
}) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'fica-e2e-entity-draft-'));
  let host: Host | null = null;
  const start = async () => {
    host = await startTestHost(dataDir);
    await page.goto(host.openUrl());
    const desk = new DeskApp(page, staffServiceOf(host));
    await desk.ready();
    await desk.actAs('capturer');
    return desk;
  };
  const newEntity = async (desk: DeskApp) => {
    await desk.open('Cases');
    await page.getByRole('link', { name: 'New entity' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New entity' })).toBeVisible();
  };
  try {
    let desk = await start();
    await newEntity(desk);
    await page.getByLabel('Entity type').selectOption({ label: 'Company with layered ownership' });
    await page.getByLabel('Registered name').fill('Half Typed Holdings');
    await page.getByLabel('Registration number').fill('2018/55');
    await page.getByLabel('Client reference').fill('BR-0042');
    await expect(page.getByRole('status').filter({ hasText: 'kept on this laptop as a draft' })).toBeVisible({
      timeout: 30_000,
    });

    await desk.open('Queue');
    await newEntity(desk);
    await expect(page.getByLabel('Registered name')).toHaveValue('Half Typed Holdings');
    await expect(
      page.getByRole('status').filter({ hasText: 'Your unsaved input from before is back' }),
    ).toBeVisible();

    await host!.stop();
    host = null;
    desk = await start();
    await newEntity(desk);
    await expect(page.getByLabel('Entity type')).toHaveValue(/\d+/);
    await expect(page.getByLabel('Entity type').locator('option:checked')).toHaveText(
      'Company with layered ownership',
    );
    await expect(page.getByLabel('Registered name')).toHaveValue('Half Typed Holdings');
    await expect(page.getByLabel('Registration number')).toHaveValue('2018/55');
    await expect(page.getByLabel('Client reference')).toHaveValue('BR-0042');
    await expect(page.getByText('It is not saved and not sent until you save the form.')).toBeVisible();
    await screenshot(page, 'new-entity-draft-restored');

    // Discard asks first; cancelled, the input stays.
    await page.getByRole('button', { name: 'Discard this draft' }).click();
    await expect(page.getByRole('dialog', { name: 'Discard your unsaved input?' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByLabel('Registered name')).toHaveValue('Half Typed Holdings');
    await page.getByRole('button', { name: 'Discard this draft' }).click();
    await page.getByRole('button', { name: 'Discard input' }).click();
    await expect(page.getByLabel('Registered name')).toHaveValue('');
    await expect(page.getByLabel('Entity type')).toHaveValue('');
    await desk.open('Cases');
    await newEntity(desk);
    await expect(page.getByLabel('Registered name')).toHaveValue('');
    await expect(page.getByLabel('Client reference')).toHaveValue('');

    // A created entity leaves no draft behind.
    await page.getByLabel('Entity type').selectOption({ label: 'Private Company (Pty) Ltd' });
    await page.getByLabel('Registered name').fill('Created Traders');
    await page.getByLabel('Registration number').fill('2015/000000/07');
    await expect(page.getByRole('status').filter({ hasText: 'kept on this laptop as a draft' })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Create entity' }).click();
    await expect(page.getByRole('heading', { name: 'Business details (KYB)' })).toBeVisible();
    await newEntity(desk);
    await expect(page.getByLabel('Registered name')).toHaveValue('');
  } finally {
    await (host as Host | null)?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('half-typed business details survive going to another step and back', async ({ desk, page }) => {
  const name = `Drafted Traders ${Date.now() % 100000}`;
  await desk.actAs('capturer');
  await desk.createEntity('Private Company (Pty) Ltd', name, '2017/123456/07');
  await page.getByLabel('Telephone number').fill('0115550199');
  await page.getByLabel('Address line 1').fill('7 Draft Street');
  await expect(page.getByRole('status').filter({ hasText: 'kept on this laptop as a draft' })).toBeVisible({
    timeout: 30_000,
  });

  await desk.open('Cases');
  await desk.openCase(name);
  await expect(page.getByLabel('Address line 1')).toHaveValue('7 Draft Street');
  await expect(page.getByLabel('Telephone number')).toHaveValue('0115550199');
});

test('discarding a draft asks first, then clears the form', async ({ desk, page }) => {
  await desk.actAs('capturer');
  await desk.open('Cases');
  await page.getByRole('link', { name: 'New individual' }).click();
  await page.getByLabel('First name').fill('Thrown');
  await page.getByRole('button', { name: 'Discard this draft' }).click();
  await page.getByRole('button', { name: 'Discard input' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('');
  await desk.open('Cases');
  await page.getByRole('link', { name: 'New individual' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('');
});

test('ownership-tree boxes added after "Save draft" survive leaving the step', async ({ desk, page }) => {
  const name = `Drafted Tree ${Date.now() % 100000}`;
  await desk.actAs('capturer');
  await desk.createEntity('Company with layered ownership', name, '2018/765432/07');
  await desk.saveKyb();
  await desk.reviewSanctions();
  await expect(page.getByRole('heading', { name: 'Ownership tree' })).toBeVisible();
  const tree = page.getByRole('group', { name: 'Ownership tree' });
  const pct = page.getByLabel('Shareholding at this level (%)');

  await page.getByRole('button', { name: 'Add individual' }).click();
  await page.getByLabel('First name').fill('Alice');
  await page.getByLabel('Last name').fill('Adams');
  await pct.fill('40');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Ownership tree saved on this laptop.')).toBeVisible();

  // After the save: a trust with a trustee, never saved by the button.
  await tree.getByRole('button', { name: /^Entity being onboarded/ }).click();
  await page.getByRole('button', { name: 'Add trust' }).click();
  await page.getByLabel('Trust name').fill('Family Trust');
  await pct.fill('60');
  await page.getByRole('button', { name: 'Add individual' }).click();
  await page.getByLabel('First name').fill('Carol');
  await page.getByLabel('Last name').fill('Cole');
  await page
    .getByRole('region', { name: /Edit Carol Cole/ })
    .getByLabel('Trustee')
    .check();
  await expect(page.getByRole('status').filter({ hasText: 'kept on this laptop as a draft' })).toBeVisible({
    timeout: 30_000,
  });

  await desk.open('Cases');
  await desk.openCase(name);
  await desk.goToStep('Ownership tree');
  await expect(tree.getByRole('button', { name: /^Trust ?: Family Trust/ })).toBeVisible();
  await tree.getByRole('button', { name: /^Individual ?: Carol Cole/ }).click();
  await expect(page.getByRole('region', { name: /Edit Carol Cole/ }).getByLabel('Trustee')).toBeChecked();
  await expect(tree.getByRole('button', { name: /^Individual ?: Alice Adams/ })).toBeVisible();
});

test('screening marks typed but not recorded survive leaving the review', async ({ desk, page }) => {
  const name = `Drafted Review ${Date.now() % 100000}`;
  await desk.actAs('capturer');
  await desk.createEntity('Private Company (Pty) Ltd', name, '2019/246810/07');
  await desk.saveKyb();
  await expect(page.getByRole('heading', { name: 'Sanctions and adverse media review' })).toBeVisible();
  await desk.review(desk.content());
  await expect(page.getByRole('status').filter({ hasText: 'kept on this laptop as a draft' })).toBeVisible({
    timeout: 30_000,
  });

  await desk.open('Cases');
  await desk.openCase(name);
  await desk.goToStep('Sanctions and adverse media review');
  await expect(page.getByLabel('I have reviewed the PEP and sanctions screening')).toBeChecked();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your unsaved input from before is back' }),
  ).toBeVisible();
});

test('changes typed in "Edit details" come back when the form is opened again', async ({ desk, page }) => {
  const last = `Editdraft${Date.now() % 100000}`;
  await desk.actAs('capturer');
  await desk.createIndividual('Mpho', last);
  await desk.goToStep('Create the client');
  await page.getByRole('button', { name: 'Edit details' }).click();
  await page.getByLabel('E-mail').fill('mpho.changed@example.co.za');
  await expect(page.getByRole('status').filter({ hasText: 'kept on this laptop as a draft' })).toBeVisible({
    timeout: 30_000,
  });

  await desk.open('Cases');
  await desk.openCase(`Mpho ${last}`);
  await desk.goToStep('Create the client');
  await page.getByRole('button', { name: 'Edit details' }).click();
  await expect(page.getByLabel('E-mail')).toHaveValue('mpho.changed@example.co.za');
});
