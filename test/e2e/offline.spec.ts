// Offline: the sandbox is unreachable while an application with documents is captured; the unsent
// count rises; reviews wait for the service's screening results and cannot be recorded; when the
// connection is back the results arrive, the case needs review, and after it the queue drains.
import { makeSouthAfricanId } from '../../shared/domain/index.js';
import { expectAccessible, expect, screenshot, test } from './fixtures.js';
import { pdfFile, pngFile } from './files.js';

test('captured offline, sent by itself when the connection returns', async ({ desk, host, page }) => {
  const name = `Offline Traders ${Date.now() % 100000}`;
  await desk.actAs('capturer'); // the look-ups are cached once online
  await host.sandboxControl.stop();
  await expect(desk.connection()).toHaveAccessibleName(/Offline/, { timeout: 60_000 });
  const before = await desk.unsentCount();

  await desk.createEntity('Private Company (Pty) Ltd', name, '2016/222333/07');
  await expect.poll(() => desk.unsentCount()).toBeGreaterThan(before);
  await desk.saveKyb();
  // The sanctions review cannot be recorded: no results are on this laptop yet.
  await desk.goToStep('Sanctions and adverse media review');
  await expect(
    desk.content().getByText('Waiting for screening results from the service').first(),
  ).toBeVisible();
  await expect(page.getByLabel('I have reviewed the PEP and sanctions screening')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Confirm sanctions review' })).toBeDisabled();
  await screenshot(page, 'sanctions-review-waiting');
  const afterKyb = await desk.unsentCount();
  await expect(desk.steps()).toContainText(/waiting for connection/i);

  // A person and their identity document, captured while offline.
  await desk.goToStep('Directors and owners');
  await page.getByRole('button', { name: 'Add a person' }).click();
  const form = page.getByRole('region', { name: 'Add a person' });
  await form.getByLabel('First name').fill('Lerato');
  await form.getByLabel('Last name').fill('Khumalo');
  await form
    .getByLabel('ID number')
    .fill(
      makeSouthAfricanId({ birthDate: '1985-09-09', gender: 'Female', citizenship: 'citizen', sequence: 55 }),
    );
  await form.getByLabel('Shareholding %').fill('100');
  await form.getByRole('button', { name: 'Add person' }).click();
  await page.getByRole('link', { name: 'Lerato Khumalo', exact: true }).click();
  // Her PEP review waits for her screening results; her identity document is captured.
  const pep = page.getByRole('region', { name: '2. PEP and sanctions review' });
  await expect(pep.getByText(/Waiting for screening results from the service/)).toBeVisible();
  await expect(pep.getByRole('button', { name: 'Confirm PEP review' })).toBeDisabled();
  await desk.addDocument('Lerato Khumalo', 'Proof of identity', 'Smart ID card', [
    await pngFile('lerato-id.png', 'LK'),
    await pdfFile('lerato-id-back.pdf', 'ID back'),
  ]);
  // Her record and her identity document's upload: both counted before the next step reads the count.
  await expect.poll(() => desk.unsentCount()).toBe(afterKyb + 2);

  // A second file captured by mistake is removed before upload, after a confirmation.
  const beforeMistake = await desk.settledUnsentCount();
  await desk.addDocument('Lerato Khumalo', 'Additional documents', null, [
    await pngFile('wrong-person.png', 'X'),
  ]);
  await expect.poll(() => desk.unsentCount()).toBe(beforeMistake + 1);
  const withMistake = await desk.unsentCount();
  const docs = page.getByRole('table', { name: 'Documents of Lerato Khumalo' });
  await expect(docs.getByRole('row')).toHaveCount(3);
  await docs
    .getByRole('button', { name: /^Remove / })
    .last()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Remove this document?' });
  await expect(dialog).toContainText('has not been uploaded');
  await dialog.getByRole('button', { name: 'Remove document' }).click();
  await expect(docs.getByRole('row')).toHaveCount(2);
  // Never sent (the service was away all along), so its upload leaves the queue and nothing takes
  // its place: no upload, and no clean-up job on the service.
  expect(withMistake).toBe(beforeMistake + 1);
  await expect.poll(() => desk.unsentCount()).toBe(beforeMistake);

  await desk.open('Queue');
  await expect(page.getByText(/waiting for connection/i).first()).toBeVisible();
  // Her identity document waits in the queue under its label; the removed one is not there.
  await expect(page.getByText('Upload Proof of identity for Lerato Khumalo').first()).toBeVisible();
  await expect(page.getByText(/Upload Additional documents for Lerato Khumalo/)).toHaveCount(0);
  await expect(page.getByText(/^Delete .* from the service$/)).toHaveCount(0);
  await screenshot(page, 'queue');
  await expectAccessible(page, 'queue while offline');

  await host.sandboxControl.start();
  await expect(desk.connection()).toHaveAccessibleName(/Online/, { timeout: 90_000 });

  // The results arrive: the case needs review and says what arrived.
  await desk.open('Cases');
  await expect(page.getByText(/^\d+ applications? needs? review./)).toBeVisible({ timeout: 90_000 });
  await page.getByRole('link', { name }).click();
  const arrived = page.getByRole('link', {
    name: `Screening results arrived for ${name}: no matches. Confirm the review.`,
  });
  await expect(arrived).toBeVisible();
  await screenshot(page, 'needs-review-arrived');
  await arrived.click();
  await desk.reviewSanctions();
  await page
    .getByRole('link', { name: /Screening results arrived for Lerato Khumalo/ })
    .click({ timeout: 90_000 });
  await desk.review(pep);
  await pep.getByRole('button', { name: 'Confirm PEP review' }).click();
  await expect(pep.getByText(/Reviewed\./)).toBeVisible();
  await desk.waitForSendingToFinish(120_000);
  await desk.open('Queue');
  await expect(page.getByText('Nothing waiting.')).toBeVisible();
});
