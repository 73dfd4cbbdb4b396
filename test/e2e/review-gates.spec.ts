// Reviews need results and each hit is dispositioned; path A refuses an owner whose share takes the
// total over 100 % when they are added.
import { makeSouthAfricanId } from '../../shared/domain/index.js';
import { expectAccessible, expect, screenshot, test } from './fixtures.js';

test('each screening hit is marked with a reason, and the decision screen shows the dispositions', async ({
  desk,
  page,
}) => {
  await desk.actAs('capturer');
  await desk.open('Cases');
  await page.getByRole('link', { name: 'New individual' }).click();
  await page.getByLabel('First name').fill('Thabo');
  await page.getByLabel('Last name').fill('Sanctioned Politician');
  await page.getByLabel('ID number').fill('8001010000081');
  await page.getByLabel('Country of residence').selectOption({ label: 'South Africa' });
  await page.getByLabel('Employment status').selectOption({ index: 1 });
  await page.getByLabel('The client gives permission for screening and verification').check();
  await page.getByRole('button', { name: 'Create individual' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thabo Sanctioned Politician' })).toBeVisible();

  await desk.goToStep('AML screening');
  await page.getByRole('button', { name: 'Run AML screening' }).click();
  await desk.goToStep('External validation');
  await page.getByRole('button', { name: 'Run external validation' }).click();
  // What arrived is said on the case, and the step needs review.
  const arrived = page.getByRole('link', { name: '1 sanctions match and 1 PEP match arrived for Thabo' });
  await expect(arrived).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Not Found', { exact: true }).first()).toBeVisible({ timeout: 90_000 });
  await arrived.click();

  const content = desk.content();
  await expect(
    content.getByRole('heading', { name: /Sanctions match: Thabo Sanctioned Politician/ }),
  ).toBeVisible();
  await expect(content.getByText('Sandbox consolidated sanctions list')).toBeVisible();
  // Nothing marked: refused on the screen, with the reason asked for each result.
  await content.getByLabel('I have reviewed the PEP and sanctions results').check();
  await content.getByRole('button', { name: 'Record PEP and sanctions decision' }).click();
  await expect(content.getByText('Choose true match or false positive, and give the reason.')).toHaveCount(2);

  await content.getByRole('radio', { name: 'True match' }).first().check();
  await content.getByLabel('Reason for result 1').fill('Same ID number as the listed person');
  await content.getByRole('radio', { name: 'False positive' }).nth(1).check();
  await content.getByLabel('Reason for result 2').fill('Not the office holder: different birth date');
  await expect(content.getByText(/Adverse results need attention: Yes/)).toBeVisible();
  await screenshot(page, 'pep-dispositions');
  await expectAccessible(page, 'PEP decision with dispositions');
  await content.getByRole('button', { name: 'Record PEP and sanctions decision' }).click();

  await desk.goToStep('Onboarding decision');
  const summary = page.getByRole('region', { name: 'Screening reviews' });
  await expect(
    summary.getByRole('row', { name: /Sanctions match.*True match.*Same ID number as the listed person/ }),
  ).toBeVisible();
  await expect(
    summary.getByRole('row', { name: /PEP match.*False positive.*different birth date/ }),
  ).toBeVisible();
  await screenshot(page, 'decision-dispositions');
});

test('path A refuses an owner whose share takes the total over 100 % when they are added, under the shareholding field', async ({
  desk,
  page,
}) => {
  const name = `Overowned ${Date.now() % 100000} (Pty) Ltd`;
  await desk.actAs('capturer');
  await desk.createEntity('Private Company (Pty) Ltd', name, '2016/000000/07');
  await desk.saveKyb();
  await desk.reviewSanctions();
  const add = async (first: string, sequence: number, share: string) => {
    await desk.goToStep('Directors and owners');
    await page.getByRole('button', { name: 'Add a person' }).click();
    const form = page.getByRole('region', { name: 'Add a person' });
    await form.getByLabel('First name').fill(first);
    await form.getByLabel('Last name').fill('Owner');
    await form
      .getByLabel('ID number')
      .fill(
        makeSouthAfricanId({ birthDate: '1980-02-02', gender: 'Female', citizenship: 'citizen', sequence }),
      );
    await form.getByLabel('Shareholding %').fill(share);
    await form.getByLabel('Shareholder').check();
    await form.getByRole('button', { name: 'Add person' }).click();
    return form;
  };
  await add('Ann', 71, '70');
  await expect(page.getByRole('link', { name: 'Ann Owner', exact: true })).toBeVisible();

  const form = await add('Ben', 72, '45');
  const words = 'The shareholders would together hold 115 % (70 % + 45 %), more than 100 %.';
  // Said under the field where the share was typed, and nothing added.
  await expect(form.getByRole('textbox', { name: 'Shareholding %' })).toHaveAccessibleDescription(
    new RegExp(words.replace(/[()+.%]/g, '\\$&')),
  );
  await expect(form.getByText(words).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ben Owner', exact: true })).toHaveCount(0);
  await screenshot(page, 'shareholding-refused-when-added');

  await form.getByLabel('Shareholding %').fill('30');
  await form.getByRole('button', { name: 'Add person' }).click();
  await expect(page.getByRole('link', { name: 'Ben Owner', exact: true })).toBeVisible();
  await desk.goToStep('Confirm shareholding');
  const table = page.getByRole('table', { name: 'People, their shareholding and their progress' });
  await expect(table.getByRole('row', { name: /Ann Owner 70 %/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Total 100 %/ })).toBeVisible();
});

test('a registry director placed in the ownership tree keeps one UBO record', async ({ desk, page }) => {
  const name = `Director Placed ${Date.now() % 100000}`;
  await desk.actAs('capturer');
  // Registration middle part 000003: the registry lists (3 mod 3) + 1 = one director.
  await desk.createEntity('Company with layered ownership', name, '2018/000003/07');
  await desk.saveKyb();
  await desk.reviewSanctions();
  await expect(page.getByRole('heading', { name: 'Ownership tree' })).toBeVisible();

  const existing = page.getByRole('region', { name: 'People already on this entity' });
  const place = existing.getByRole('button', { name: /^Place under / });
  await expect(place).toHaveCount(1, { timeout: 60_000 });
  const director = ((await existing.getByRole('listitem').first().textContent()) ?? '').split('(')[0]!.trim();
  await place.click();
  await page.getByLabel('Shareholding at this level (%)').fill('100');
  await expect(existing.getByText('In the tree')).toBeVisible();
  // Placing the same person twice under one holder is flagged before sending.
  await page
    .getByRole('group', { name: 'Ownership tree' })
    .getByRole('button', { name: /^Entity being onboarded/ })
    .click();
  await place.click();
  const problems = page.getByRole('list', { name: 'Problems to fix before sending' });
  await expect(problems).toContainText(`${director} is placed twice under the same holder`);
  await page.getByRole('button', { name: `Remove ${director}` }).click();
  await page
    .getByRole('dialog', { name: 'Remove this node?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText('No problems found.')).toBeVisible();
  await screenshot(page, 'organigram-registry-director');

  await page.getByRole('button', { name: 'Send ownership tree for verification' }).click();
  await page
    .getByRole('dialog', { name: 'Send the ownership tree?' })
    .getByRole('button', { name: 'Send for verification' })
    .click();
  await expect(
    page.getByText(/The ownership tree is (verified by the service|sent for verification)/),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/The ownership tree is verified by the service/)).toBeVisible({
    timeout: 60_000,
  });

  await desk.goToStep('Each person');
  const people = desk.content().getByRole('listitem').getByRole('link');
  await expect(people).toHaveCount(1);
  await expect(people).toHaveText(director);
});
