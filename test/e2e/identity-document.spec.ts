// Reading an identity document at the desk: the back of a smart ID card fills the empty fields of a
// new individual, and a disagreement with what was typed is shown, never silently overwritten.
import type { Page } from '@playwright/test';
import { makeSouthAfricanId } from '../../shared/domain/index.js';
import { photographed, smartIdBack, type CardHolder } from '../support/identity-fixtures.js';
import { expect, screenshot, test } from './fixtures.js';

const holder = (): CardHolder => ({
  surname: 'Mokoena',
  names: 'Thabo John',
  idNumber: makeSouthAfricanId({
    birthDate: '1980-01-01',
    gender: 'Male',
    citizenship: 'citizen',
    sequence: 400 + (Date.now() % 500),
  }),
  sex: 'M',
  born: '01 Jan 1980',
});

async function readCard(page: Page, image: Buffer): Promise<void> {
  const panel = page.getByRole('group', { name: 'Read from an identity document' });
  await panel
    .getByLabel('Choose a photo or scan…')
    .setInputFiles({ name: 'id-back.jpg', mimeType: 'image/jpeg', buffer: image }, { timeout: 120_000 });
  await expect(panel.getByRole('status').filter({ hasText: 'Smart ID card barcode read' })).toBeVisible({
    timeout: 90_000,
  });
}

test('a photo of the back of a smart ID card fills the empty fields of a new individual', async ({
  desk,
  page,
}) => {
  const card = holder();
  await desk.actAs('capturer');
  await desk.open('Cases');
  await page.getByRole('link', { name: 'New individual' }).click();
  await readCard(page, await photographed(await smartIdBack(card)));

  await page.getByRole('button', { name: 'Fill these 3 fields' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Thabo John');
  await expect(page.getByLabel('Last name')).toHaveValue('Mokoena');
  await expect(page.getByLabel('ID number')).toHaveValue(card.idNumber);
  await expect(page.getByText('What was typed agrees with the document.')).toBeVisible();
  await screenshot(page, 'identity-document-filled');
});

test('a smart ID card that disagrees with what was typed is shown, and nothing typed is replaced', async ({
  desk,
  page,
}) => {
  const card = holder();
  await desk.actAs('capturer');
  await desk.open('Cases');
  await page.getByRole('link', { name: 'New individual' }).click();
  await page.getByLabel('First name').fill('Sipho');
  await page.getByLabel('Last name').fill('Mokoena');
  await readCard(page, await smartIdBack(card));

  const panel = page.getByRole('group', { name: 'Read from an identity document' });
  await expect(panel.getByRole('alert')).toContainText(
    'First name: typed “Sipho”, the document says “Thabo John”.',
  );
  await expect(page.getByLabel('First name')).toHaveValue('Sipho');
  await panel.getByRole('button', { name: 'Use the document’s first name' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Thabo John');
});
