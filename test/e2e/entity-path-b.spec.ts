// Path B: an ownership tree with an Entity layer and a Trust with related parties, to approval.
import { expectAccessible, expect, screenshot, test } from './fixtures.js';

test('entity path B with an organigram of an entity layer and a trust, to approval', async ({
  desk,
  page,
}) => {
  const name = `Layered Holdings ${Date.now() % 100000}`;
  await desk.actAs('capturer');
  await desk.createEntity('Company with layered ownership', name, '2018/654322/07');
  await desk.saveKyb();
  await desk.reviewSanctions();

  await expect(page.getByRole('heading', { name: 'Ownership tree' })).toBeVisible();
  const tree = page.getByRole('group', { name: 'Ownership tree' });
  const editor = (title: string | RegExp) => page.getByRole('region', { name: title });
  const pct = page.getByLabel('Shareholding at this level (%)');

  await page.getByRole('button', { name: 'Add individual' }).click();
  await page.getByLabel('First name').fill('Alice');
  await page.getByLabel('Last name').fill('Adams');
  await pct.fill('40');

  await tree.getByRole('button', { name: /^Entity being onboarded/ }).click();
  await page.getByRole('button', { name: 'Add entity' }).click();
  await page.getByLabel('Entity name').fill('Holdco (Pty) Ltd');
  await pct.fill('60');

  await page.getByRole('button', { name: 'Add individual' }).click();
  await page.getByLabel('First name').fill('Bob');
  await page.getByLabel('Last name').fill('Brown');
  await pct.fill('50');

  await tree.getByRole('button', { name: /^Entity ?: Holdco/ }).click();
  await page.getByRole('button', { name: 'Add trust' }).click();
  await page.getByLabel('Trust name').fill('Family Trust');
  await pct.fill('50');

  await page.getByRole('button', { name: 'Add individual' }).click();
  await page.getByLabel('First name').fill('Carol');
  await page.getByLabel('Last name').fill('Cole');
  await pct.fill('100');
  const problems = page.getByRole('list', { name: 'Problems to fix before sending' });
  await expect(problems).toContainText('Missing trust relationship types');
  await expect(page.getByRole('button', { name: 'Send ownership tree for verification' })).toBeDisabled();
  await editor(/Edit Carol Cole/)
    .getByLabel('Founder')
    .check();
  await editor(/Edit Carol Cole/)
    .getByLabel('Trustee')
    .check();

  // Children over 100 % are flagged before sending.
  await tree.getByRole('button', { name: /^Individual ?: Alice Adams/ }).click();
  await pct.fill('70');
  await expect(problems).toContainText(/add up to 130 %, over 100 %/);
  await pct.fill('40');
  await expect(page.getByText('No problems found.')).toBeVisible();

  const owners = page.getByRole('table').filter({ hasText: 'Effective share' });
  await expect(owners.getByRole('row', { name: /Alice Adams 40 %/ })).toBeVisible();
  await expect(owners.getByRole('row', { name: /Bob Brown 30 %/ })).toBeVisible();
  await expect(owners.getByRole('row', { name: /Carol Cole 30 %/ })).toBeVisible();
  await screenshot(page, 'organigram-editor');
  await expectAccessible(page, 'organigram editor');

  await page.getByRole('button', { name: 'Send ownership tree for verification' }).click();
  await page
    .getByRole('dialog', { name: 'Send the ownership tree?' })
    .getByRole('button', { name: 'Send for verification' })
    .click();
  await expect(
    page.getByText(/The ownership tree is (verified by the service|sent for verification)/),
  ).toBeVisible({ timeout: 60_000 });

  const people = await desk.completePeople();
  expect(people).toEqual(expect.arrayContaining(['Alice Adams', 'Bob Brown', 'Carol Cole']));
  // Before confirming, each person's holdings and effective share, as the tree gives them.
  await desk.goToStep('Confirm shareholding');
  const confirmTable = page.getByRole('table', { name: 'People, their shareholding and their progress' });
  const confirmRow = (person: string) => confirmTable.getByRole('row').filter({ hasText: person });
  await expect(confirmTable.getByRole('columnheader', { name: 'Shareholding' })).toBeVisible();
  await expect(confirmRow('Alice Adams')).toContainText(/40 % directly\s*40 %/);
  await expect(confirmRow('Bob Brown')).toContainText(/50 % of Holdco \(Pty\) Ltd\s*30 %/);
  await expect(confirmRow('Carol Cole')).toContainText(/100 % of Family Trust\s*30 %/);
  await expect(confirmRow('Total effective ownership')).toContainText('100 %');
  await screenshot(page, 'path-b-confirm-shareholding');
  await desk.completeEntityDocuments(name);
  // A layered tree with a trust is rated High Risk: approving asks for a reason and a review date.
  await desk.actAs('reviewer');
  await desk.openCase(name);
  await desk.goToStep('Onboarding decision');
  await page.getByRole('radio', { name: 'Approve' }).check();
  // The confirmation asks for the reason and the review date a High Risk approval needs.
  await page.getByRole('button', { name: 'Record decision…' }).click();
  const confirm = desk.confirmDialog('Approve');
  await expect(confirm).toContainText('High Risk');
  await confirm.getByRole('button', { name: 'Approve: record the decision' }).click();
  await expect(
    confirm.getByText('Comments: a High Risk client is approved only with a reason on record.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Go back' }).click();
  await desk.approve();
  await desk.waitForSendingToFinish();

  // The decided case still shows what was decided, with each effective share from the tree, and
  // its documents open although nothing can change any more.
  const summary = page.getByRole('region', { name: 'What is being decided' });
  const ownership = summary.getByRole('table', { name: /^Ownership, from the ownership tree/ });
  const row = (person: string) => ownership.getByRole('row').filter({ hasText: person });
  await expect(row('Alice Adams')).toContainText(/40 % directly\s*40 %/);
  await expect(row('Bob Brown')).toContainText(/50 % of Holdco \(Pty\) Ltd\s*30 %/);
  await expect(row('Carol Cole')).toContainText(/100 % of Family Trust\s*30 %/);
  await expect(row('Total effective ownership')).toContainText('100 %');
  await screenshot(page, 'entity-decision-summary');
  await summary
    .getByRole('button', { name: /^Open / })
    .first()
    .click();
  const viewer = page.getByRole('dialog', { name: /^Document / });
  await expect(viewer.getByRole('toolbar', { name: 'Document viewer' })).toBeVisible({ timeout: 60_000 });
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
});
