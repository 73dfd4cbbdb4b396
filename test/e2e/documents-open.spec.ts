// Every document can be opened at every step: a queued or sent document opens in the viewer from
// the document list, not only by its file name.
import { pdfFile } from './files.js';
import { expect, test } from './fixtures.js';

test('a captured document opens in the viewer from the documents list', async ({ desk, page }) => {
  const last = `Viewer${Date.now() % 100000}`;
  const name = `Naledi ${last}`;
  await desk.actAs('capturer');
  await desk.createIndividual('Naledi', last);
  await desk.goToStep('Documents');
  await desk.addDocument(name, 'Proof of identity', null, [
    await pdfFile('naledi-id.pdf', 'Identity document', 2),
  ]);

  await page
    .getByRole('button', { name: /^Open .*\.pdf$/ })
    .first()
    .click();
  const viewer = page.getByRole('dialog', { name: /^Document / });
  await expect(viewer.getByRole('toolbar', { name: 'Document viewer' })).toBeVisible({ timeout: 60_000 });
  await expect(viewer.getByRole('navigation', { name: 'Pages' }).getByRole('button')).toHaveCount(2);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
});
