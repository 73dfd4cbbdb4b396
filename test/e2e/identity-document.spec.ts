// Reading an identity document at the desk: the back of a smart ID card fills the empty fields of a
// new individual, and a disagreement with what was typed is shown, never silently overwritten; a
// passport whose name was read with low confidence shows the zone as photographed and fills the
// name only once the person says it matches, and it never changes the answer to "South African
// citizen?" or the typed ID number.
import type { Page } from '@playwright/test';
import { makeSouthAfricanId } from '../../shared/domain/index.js';
import {
  mrzDocumentPage,
  photographed,
  smartIdBack,
  type CardHolder,
  type MrzDocument,
} from '../support/identity-fixtures.js';
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

test('a passport whose name was read with low confidence is filled only after the clerk compares it with the strip', async ({
  desk,
  page,
}) => {
  const idNumber = makeSouthAfricanId({
    birthDate: '1990-02-03',
    gender: 'Female',
    citizenship: 'citizen',
    sequence: 44,
  });
  const passport: MrzDocument = {
    format: 'TD3',
    code: 'P<',
    issuer: 'ZAF',
    surname: 'Naidoo',
    names: 'Priya Devi',
    number: 'A12345678',
    nationality: 'ZAF',
    birth: '900203',
    sex: 'F',
    expiry: '310101',
  };
  await desk.actAs('capturer');
  await desk.open('Cases');
  await page.getByRole('link', { name: 'New individual' }).click();
  // A citizen whose ID number is typed already.
  await page.getByLabel('ID number').fill(idNumber);

  const panel = page.getByRole('group', { name: 'Read from an identity document' });
  // The third letter of the surname is worn: the name cannot be read surely.
  await panel
    .getByLabel('Choose a photo or scan…')
    .setInputFiles(
      { name: 'passport.png', mimeType: 'image/png', buffer: await mrzDocumentPage(passport, 2) },
      { timeout: 120_000 },
    );
  await expect(panel.getByRole('status').filter({ hasText: 'Passport MRZ read' })).toBeVisible({
    timeout: 120_000,
  });
  await expect(panel.getByRole('img', { name: 'The machine-readable zone as photographed' })).toBeVisible();
  await expect(panel.locator('mark').first()).toBeVisible();
  await expect(
    panel.getByText('The first name and last name will be offered once you confirm'),
  ).toBeVisible();

  // One click fills the passport's number and country, not the name.
  await panel.getByRole('button', { name: 'Fill these 2 fields' }).click();
  await expect(page.getByLabel('Passport number')).toHaveValue('A12345678');
  await expect(page.getByLabel('Passport country')).toHaveValue(/\d+/);
  await expect(page.getByLabel('First name')).toHaveValue('');
  await expect(page.getByLabel('Last name')).toHaveValue('');
  // The answer and the typed ID number stand.
  await expect(page.getByRole('radio', { name: 'Yes' }).first()).toBeChecked();
  await expect(page.getByLabel('ID number')).toHaveValue(idNumber);
  await screenshot(page, 'identity-passport-unsure-name');

  await panel.getByRole('checkbox', { name: 'The name matches the strip' }).check();
  await panel.getByRole('button', { name: 'Fill these 2 fields' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Priya Devi');
  await expect(page.getByLabel('Last name')).not.toHaveValue('');
  await expect(page.getByLabel('ID number')).toHaveValue(idNumber);
});
