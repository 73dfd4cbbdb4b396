// Files the app will not take are explained: a text file named .pdf, and one over the size limit.
import { expect, test } from './fixtures.js';
import { fakePdf, oversizedPdf, pngFile } from './files.js';
import { FILES_READ_TIMEOUT } from './pages/desk-app.js';
import { makeSouthAfricanId } from '../../shared/domain/index.js';

test('a refused file is explained to the user', async ({ desk, page }) => {
  await desk.actAs('capturer');
  await desk.open('Cases');
  await page.getByRole('link', { name: 'New individual' }).click();
  await page.getByLabel('First name').fill('Refilwe');
  await page.getByLabel('Last name').fill('Files');
  await page
    .getByLabel('ID number')
    .fill(
      makeSouthAfricanId({ birthDate: '1990-02-02', gender: 'Female', citizenship: 'citizen', sequence: 77 }),
    );
  await page.getByLabel('The client gives permission for screening and verification').check();
  await page.getByRole('button', { name: 'Create individual' }).click();
  await desk.goToStep('Documents');

  const area = page.getByRole('region', { name: 'Add a document for Refilwe Files' });
  await desk.chooseFiles(area, [fakePdf('not-really.pdf'), await pngFile('good.png')]);
  const alert = area.getByRole('alert').filter({ hasText: 'not added' });
  await expect(alert).toContainText('not-really.pdf', { timeout: FILES_READ_TIMEOUT });
  await expect(area.getByText(/^Page 1 · good\.png/)).toBeVisible({ timeout: FILES_READ_TIMEOUT });

  // Over 20 MB: slow to hand over and to check on a loaded machine, so the waits are long ones.
  await desk.chooseFiles(area, [await oversizedPdf(20 * 1024 * 1024, 'huge-scan.pdf')]);
  await expect(area.getByRole('alert').filter({ hasText: 'huge-scan.pdf' })).toContainText(
    /too large.*limit is 20\.0 MB/,
    { timeout: FILES_READ_TIMEOUT },
  );
  await expect(area.getByText(/^Page 2 ·/)).toHaveCount(0);
});
