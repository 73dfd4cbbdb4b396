// The way forward is obvious: a form sent with mistakes lists them at the top, linked to their
// fields; the queue names each upload, says "Paused" in the header, and lets a waiting upload be
// cancelled after asking.
import { pdfFile } from './files.js';
import { expect, expectAccessible, screenshot, test } from './fixtures.js';

test('a form sent with mistakes lists each field by its label, linked to it', async ({ desk, page }) => {
  await desk.actAs('capturer');
  await desk.open('Cases');
  await page.getByRole('link', { name: 'New individual' }).click();
  await page.getByLabel('Last name').fill('Mokoena');
  await page.getByRole('button', { name: 'Create individual' }).click();

  const summary = page.getByRole('alert').filter({ hasText: /fields? needs? attention/ });
  await expect(summary).toBeFocused();
  const firstName = summary.getByRole('link', { name: /^First name: / });
  await expect(firstName).toBeVisible();
  // Every mistake at once: the identity too, not only after the rest is fixed.
  await expect(summary.getByRole('link', { name: 'ID number: Required' })).toBeVisible();
  await expect(summary).not.toContainText('firstName');
  await screenshot(page, 'error-summary');
  await firstName.click();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page).toHaveURL(/#\/new\/individual$/);
});

test('the queue names a waiting upload, says Paused, and cancels it after asking', async ({ desk, page }) => {
  const last = `Cancel${Date.now() % 100000}`;
  const name = `Lerato ${last}`;
  await desk.actAs('capturer');
  await desk.open('Queue');
  await page.getByRole('button', { name: 'Pause sending' }).click();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /sending paused, open the queue/ })).toBeVisible();
  await expect(header).toContainText('Sending paused');
  await expectAccessible(page, 'the queue, sending paused');

  await desk.createIndividual('Lerato', last);
  await desk.goToStep('Documents');
  await desk.addDocument(name, 'Proof of identity', null, [await pdfFile('lerato-id.pdf', 'Identity', 1)]);

  await desk.open('Queue');
  const upload = page.getByRole('listitem').filter({ hasText: 'lerato-id.pdf' });
  await expect(upload).toContainText(/lerato-id\.pdf · \d+(\.\d)? KB/);
  await screenshot(page, 'queue-paused-upload');
  await upload.getByRole('button', { name: /^Cancel Upload/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this item?' });
  await expect(dialog).toContainText('lerato-id.pdf');
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(upload).toBeVisible();
  await upload.getByRole('button', { name: /^Cancel Upload/ }).click();
  await dialog.getByRole('button', { name: 'Cancel it' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'lerato-id.pdf' })).toHaveCount(0);

  // The case says what is true: the document is here, not sent, and its line is open again.
  await desk.openCase(name);
  await desk.goToStep('Documents');
  const line = page.getByRole('listitem').filter({ hasText: 'Proof of identity' }).first();
  await expect(line).toContainText('Not sent');
  await desk.open('Queue');
  await page.getByRole('button', { name: 'Resume sending' }).click();
  await expect(header).not.toContainText('Sending paused');
});
