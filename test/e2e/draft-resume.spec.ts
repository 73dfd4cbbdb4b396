// A half-captured document is never lost from sight: the clerk goes to the Queue and back, or
// reloads the page, and the Documents step still says "3 pages not yet queued" with Resume and
// Discard; Discard asks first; resumed, the pages are queued as one document.
import { expect, screenshot, test } from './fixtures.js';
import { jpegFile, pdfFile } from './files.js';
import { FILES_READ_TIMEOUT } from './pages/desk-app.js';

test('pages left on a Documents step wait there after navigating away and after a reload', async ({
  desk,
  page,
}) => {
  const last = `Resume${Date.now() % 100000}`;
  const name = `Naledi ${last}`;
  await desk.actAs('capturer');
  await desk.createIndividual('Naledi', last);
  await desk.goToStep('Documents');

  const area = desk.captureArea(name);
  await desk.chooseFiles(area, [
    await pdfFile('statement.pdf', 'Statement', 2),
    await jpegFile('back of card.jpg'),
  ]);
  await expect(area.getByText(/^Page 3 · back of card\.jpg/)).toBeVisible({ timeout: FILES_READ_TIMEOUT });

  // Away to the Queue and back: the pages wait, not yet queued.
  await desk.open('Queue');
  await desk.openCase(name);
  await desk.goToStep('Documents');
  const pending = desk.pendingDraft(area, 3);
  await expect(pending).toBeVisible();
  await expect(pending).toContainText('statement.pdf');
  await expect(area.getByText(/^Page 1 ·/)).toHaveCount(0);
  await screenshot(page, 'documents-pages-not-yet-queued');
  await pending.getByRole('button', { name: 'Resume' }).click();
  await expect(area.getByText(/^Page 3 · back of card\.jpg/)).toBeVisible({ timeout: FILES_READ_TIMEOUT });
  await expect(pending).toHaveCount(0);

  // A reload (or a restart) finds them again.
  await page.reload();
  await desk.ready();
  await expect(pending).toBeVisible({ timeout: 30_000 });

  // Discard asks first, and "Keep them" keeps them.
  await pending.getByRole('button', { name: 'Discard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard 3 pages?' });
  await expect(dialog).toContainText(`The 3 pages not yet queued for ${name} are deleted from this laptop.`);
  await dialog.getByRole('button', { name: 'Keep them' }).click();
  await expect(pending).toBeVisible();

  await pending.getByRole('button', { name: 'Resume' }).click();
  // The small photo is marked as hard to read, as it was before the reload.
  await area.getByRole('button', { name: 'Keep page 3 as it is' }).click();
  await area.getByLabel('Document group').selectOption({ index: 1 });
  await area.getByLabel('Document type').selectOption({ index: 1 });
  await area.getByRole('button', { name: 'Queue document for upload' }).click();
  await expect(area.getByRole('status').filter({ hasText: 'queued for upload' })).toBeVisible({
    timeout: FILES_READ_TIMEOUT,
  });
  await expect(page.getByRole('table', { name: `Documents of ${name}` })).toContainText('3 pages');

  // A discarded draft is gone for good, after the question.
  await desk.chooseFiles(area, [await jpegFile('stray.jpg')]);
  await expect(area.getByText(/^Page 1 · stray\.jpg/)).toBeVisible({ timeout: FILES_READ_TIMEOUT });
  await page.reload();
  await desk.ready();
  const stray = desk.pendingDraft(area, 1);
  await stray.getByRole('button', { name: 'Discard' }).click();
  await page
    .getByRole('dialog', { name: 'Discard 1 page?' })
    .getByRole('button', { name: 'Discard 1 page' })
    .click();
  await expect(stray).toHaveCount(0);
  await page.reload();
  await desk.ready();
  await expect(area.getByRole('heading', { name: `Add a document for ${name}` })).toBeVisible();
  await expect(stray).toHaveCount(0);
});
