// An individual client from creation to approval; one document photographed with the (fake) camera.
import { makeSouthAfricanId } from '../../shared/domain/index.js';
import { expectAccessible, expect, screenshot, test } from './fixtures.js';

test('an individual from creation to approval', async ({ desk, page }) => {
  const last = `Ndlovu${Date.now() % 100000}`;
  const name = `Sipho ${last}`;
  // Maker and checker relaxed in Settings, so the capturer may approve.
  await desk.actAs('capturer');

  await desk.open('Cases');
  await page.getByRole('link', { name: 'New individual' }).click();
  await page.getByRole('button', { name: 'Create individual' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /fields? needs? attention/ })).toBeFocused();
  await expect(
    page.getByText('The client must give permission for the checks', { exact: true }),
  ).toBeVisible();
  await expectAccessible(page, 'new individual with errors');

  await page.getByLabel('First name').fill('Sipho');
  await page.getByLabel('Last name').fill(last);
  await page
    .getByLabel('ID number')
    .fill(
      makeSouthAfricanId({ birthDate: '1988-04-12', gender: 'Male', citizenship: 'citizen', sequence: 321 }),
    );
  await expect(page.getByText(/Valid ID: born 1988-04-12, male/)).toBeVisible();
  await page.getByLabel('E-mail').fill('sipho@example.co.za');
  await page.getByLabel('Country of residence').selectOption({ label: 'South Africa' });
  await page.getByLabel('Employment status').selectOption({ index: 1 });
  await page.getByLabel('The client gives permission for screening and verification').check();
  await page.getByRole('button', { name: 'Create individual' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await desk.goToStep('AML screening');
  await page.getByRole('button', { name: /Run AML screening|Run screening again/ }).click();
  await expect(
    page.getByRole('region', { name: `AML screening of ${name}` }).getByText('No matches'),
  ).toBeVisible({ timeout: 60_000 });

  await desk.goToStep('External validation');
  await page.getByRole('button', { name: /Run external validation|Validate again/ }).click();
  await expect(page.getByText('Verified', { exact: true }).first()).toBeVisible({ timeout: 60_000 });

  await desk.goToStep('PEP and sanctions decision');
  await page.getByLabel('I have reviewed the PEP and sanctions results').check();
  await page.getByRole('button', { name: 'Record PEP and sanctions decision' }).click();

  await desk.goToStep('Documents');
  const checklist = page.getByRole('region', { name: `Required documents for ${name}` });
  await expect(checklist.getByText(/Provisional:/)).toHaveCount(0, { timeout: 60_000 });
  // Proof of identity photographed with the camera: two pages, the second turned, then reordered.
  const area = page.getByRole('region', { name: `Add a document for ${name}` });
  await area.getByLabel('Document group').selectOption({ label: 'Proof of identity (required)' });
  await area.getByLabel('Document type').selectOption({ label: 'Smart ID card' });
  await area.getByRole('button', { name: 'Use the camera' }).click();
  const take = page.getByRole('button', { name: 'Take photo of page' });
  await expect(take).toBeEnabled({ timeout: 20_000 });
  await take.click();
  await expect(area.getByText(/^Page 1 ·/)).toBeVisible();
  await take.click();
  await expect(area.getByText(/^Page 2 ·/)).toBeVisible();
  await area.getByRole('button', { name: 'Rotate page 2' }).click();
  await expect(area.getByText(/turned 90°/)).toBeVisible();
  await area.getByRole('button', { name: 'Move page 2 earlier' }).click();
  await expect(area.getByText(/^Page 1 · .*turned 90°/)).toBeVisible();
  await area.getByRole('button', { name: 'Close camera' }).click();
  // A laptop camera's frame is too coarse for an A4 page: each photo is marked with its resolution
  // and kept here only because the person chooses to.
  await expect(area.getByRole('group', { name: 'Check of page 1', exact: true })).toContainText(
    /Resolution too low: \d+ dpi for its size/,
  );
  await area.getByRole('button', { name: 'Keep all 2 as they are' }).click();
  await area.getByRole('button', { name: 'Queue document for upload' }).click();
  await expect(area.getByRole('status').filter({ hasText: 'queued for upload' })).toBeVisible();
  await desk.completeChecklist(name, async () => (await import('./files.js')).pdfFile('extra.pdf', 'Proof'));

  await desk.goToStep('Confirm documents');
  await page.getByRole('button', { name: 'Confirm documents' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Onboarding decision' })).toBeVisible({
    timeout: 60_000,
  });
  // Maker and checker: the capturer is told a reviewer decides; the reviewer signs in and does.
  await expect(page.getByTestId('decision-role')).toContainText('Only a reviewer may record a decision.');
  await desk.actAs('reviewer');
  await desk.openCase(name);
  await desk.goToStep('Onboarding decision');
  // Declining needs comments; the form says so before anything is sent.
  await page.getByRole('radio', { name: 'Decline' }).check();
  await page.getByRole('button', { name: 'Record decision…' }).click();
  await expect(
    page.getByText('Comments are required when you decline an application.').first(),
  ).toBeVisible();
  await desk.approve();
  await desk.waitForSendingToFinish();
  await screenshot(page, 'individual-approved');
  await expectAccessible(page, 'individual decision');
});
