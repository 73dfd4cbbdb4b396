// Path A: a company whose owners are a flat list, from creation to approval, and its report.
import sharp from 'sharp';
import { makeSouthAfricanId } from '../../shared/domain/index.js';
import { expectAccessible, expect, screenshot, test } from './fixtures.js';

test('entity path A from creation to approval, with its report previewed', async ({ desk, page }) => {
  const name = `Acme Traders ${Date.now() % 100000}`;
  await desk.actAs('capturer');

  await desk.open('Cases');
  await page.getByRole('link', { name: 'New entity' }).click();
  await page.getByLabel('Entity type').selectOption({ label: 'Private Company (Pty) Ltd' });
  await page.getByLabel('Registered name').fill(name);
  const reg = page.getByLabel('Registration number');
  await reg.fill('2015/12345');
  await reg.fill('2015/123456/07');
  await expect(page.getByText('Valid format: registered in 2015')).toBeVisible();
  await page.getByRole('button', { name: 'Create entity' }).click();

  // KYB: every field is there; fill what a branch would know.
  await expect(page.getByRole('heading', { name: 'Business details (KYB)' })).toBeVisible();
  await page.getByLabel('Telephone number').fill('0115550100');
  await page.getByLabel('Address line 1').fill('1 Main Road');
  await page.getByLabel('Postal code').fill('2001');
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'South Africa' });
  await page.getByLabel('Industry', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('I confirm these entity details are correct').check();
  await screenshot(page, 'entity-step-kyb');
  await expectAccessible(page, 'entity KYB step');
  await page.getByRole('button', { name: 'Save business details' }).click();

  // Sanctions review: results shown, two confirmations.
  await expect(page.getByRole('heading', { name: 'Sanctions and adverse media review' })).toBeVisible();
  await expect(page.getByRole('region', { name: new RegExp(`Screening results for ${name}`) })).toBeVisible();
  await desk.review(desk.content());
  await page.getByRole('button', { name: 'Confirm sanctions review' }).click();

  // Owners: the registry's director plus one shareholder added here.
  await expect(page.getByRole('heading', { name: 'Directors and owners' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a person' }).click();
  const form = page.getByRole('region', { name: 'Add a person' });
  await form.getByLabel('First name').fill('Thandi');
  await form.getByLabel('Last name').fill('Mokoena');
  await form.getByLabel('ID number').fill('8001015009');
  await form
    .getByLabel('ID number')
    .fill(makeSouthAfricanId({ birthDate: '1980-01-01', gender: 'Female', citizenship: 'citizen' }));
  await expect(form.getByText(/Valid ID: born 1980-01-01, female/)).toBeVisible();
  await form.getByLabel('Shareholding %').fill('100');
  await form.getByLabel('Shareholder').check();
  await form.getByRole('button', { name: 'Add person' }).click();
  await expect(page.getByRole('link', { name: 'Thandi Mokoena', exact: true })).toBeVisible();
  await expectAccessible(page, 'owners list');

  // Each person's loop, then shareholding and the entity's own documents.
  await page.getByRole('link', { name: 'Continue to each person' }).click();
  const people = await desk.completePeople(async () => {
    await screenshot(page, 'documents');
    await expectAccessible(page, 'person documents');
  });
  expect(people.length).toBeGreaterThanOrEqual(2);
  await desk.completeEntityDocuments(name);
  await desk.waitForSendingToFinish();

  // Only a reviewer decides: the capturer is told so, and has no decision to choose.
  await desk.goToStep('Onboarding decision');
  await expect(page.getByTestId('decision-role')).toHaveText('Only a reviewer may record a decision.');
  await expect(page.getByRole('radio', { name: 'Approve' })).toHaveCount(0);

  await desk.actAs('reviewer');
  await desk.openCase(name);
  await desk.goToStep('Onboarding decision');
  // The reviewer sees what is being decided: each person's holding, effective share and review.
  const summary = page.getByRole('region', { name: 'What is being decided' });
  const ownership = summary.getByRole('table', { name: /^Ownership/ });
  await expect(ownership.getByRole('row').filter({ hasText: 'Thandi Mokoena' })).toContainText(
    /100 % directly\s*100 %/,
  );
  await expect(ownership.getByRole('row').filter({ hasText: 'Total effective ownership' })).toContainText(
    '100 %',
  );
  await expect(ownership.getByRole('row').filter({ hasText: 'Thandi Mokoena' })).toContainText('Reviewed');
  await desk.approve();
  await desk.waitForSendingToFinish();
  await screenshot(page, 'entity-step-decision');

  // The report: pdf.js draws a page that is not blank.
  await page.getByRole('link', { name: 'Preview the report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Report' })).toBeVisible();
  const canvas = page.getByTestId('report-page');
  await expect(canvas).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Page 1' }),
  ).toBeVisible();
  await expect
    .poll(async () => inkRatio(await canvas.screenshot()), { timeout: 30_000 })
    .toBeGreaterThan(0.005);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByText('125 %')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save a copy' }).click();
  expect((await download).suggestedFilename()).toMatch(/^fica-report-.*\.pdf$/);
  await screenshot(page, 'report-viewer');
  await expectAccessible(page, 'report viewer');

  await desk.open('Cases');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Approved');
  await screenshot(page, 'cases-list');
});

/** Share of pixels that are clearly not white: text and rules drawn by pdf.js. */
async function inkRatio(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (let i = 0; i < data.length; i++) if (data[i]! < 200) ink++;
  return ink / (info.width * info.height);
}
