// Picked pages show at once as "being prepared" while the core normalises them in its worker, then
// as their picture; a file found unusable while preparing is explained like any refused file, and
// the document can be queued once every page is ready.
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures.js';
import { bigPhoto, damagedPdf, pdfFile } from './files.js';
import { FILES_READ_TIMEOUT } from './pages/desk-app.js';
import { makeSouthAfricanId } from '../../shared/domain/index.js';

test('pages show as being prepared, then as their picture; an unusable one is explained', async ({
  desk,
  page,
}) => {
  await desk.actAs('capturer');
  await desk.open('Cases');
  await page.getByRole('link', { name: 'New individual' }).click();
  await page.getByLabel('First name').fill('Prisca');
  await page.getByLabel('Last name').fill('Pages');
  await page
    .getByLabel('ID number')
    .fill(
      makeSouthAfricanId({ birthDate: '1988-03-03', gender: 'Female', citizenship: 'citizen', sequence: 81 }),
    );
  await page.getByLabel('The client gives permission for screening and verification').check();
  await page.getByRole('button', { name: 'Create individual' }).click();
  await desk.goToStep('Documents');

  const area = page.getByRole('region', { name: 'Add a document for Prisca Pages' });
  await area.getByLabel('Document group').selectOption({ index: 1 });
  await area.getByLabel('Document type').selectOption({ index: 1 });
  await desk.chooseFiles(area, [
    await bigPhoto('front.jpg'),
    await bigPhoto('back.jpg'),
    damagedPdf('broken.pdf'),
    await pdfFile('statement.pdf', 'Statement', 2),
  ]);
  // Every picked file is a page at once; the last ones wait for the worker.
  await expect(area.getByText(/^Page 4 · statement\.pdf/)).toBeVisible({ timeout: FILES_READ_TIMEOUT });
  const preparing = area.getByRole('status', { name: /Page \d is being prepared/ });
  await expect(preparing.first()).toBeVisible();
  const queue = area.getByRole('button', { name: /Queue document for upload|Preparing pages…/ });
  await expect(queue).toBeDisabled();
  await expect(queue).toHaveText('Preparing pages…');
  await area.screenshot({ path: join(resolve('artifacts/screenshots'), 'capture-processing.png') });

  // Ready: pictures for the photos and both pages of the statement; the broken file is explained.
  await expect(preparing).toHaveCount(0, { timeout: FILES_READ_TIMEOUT });
  await expect(area.getByRole('img', { name: /^Page \d: / })).toHaveCount(4);
  await expect(area.getByText(/^Page 4 · statement\.pdf \(p\. 2\)/)).toBeVisible();
  await expect(area.getByRole('alert').filter({ hasText: 'not added' })).toContainText(
    /broken\.pdf.*is damaged/,
  );
  await area.screenshot({ path: join(resolve('artifacts/screenshots'), 'capture-processed.png') });
  await area.getByRole('button', { name: 'Move page 2 earlier' }).click();
  await expect(area.getByText(/^Page 1 · back\.jpg/)).toBeVisible();
  await queue.click();
  await expect(area.getByRole('status').filter({ hasText: 'queued for upload' })).toBeVisible({
    timeout: FILES_READ_TIMEOUT,
  });
});
