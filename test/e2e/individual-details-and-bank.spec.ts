// An individual's details edited after creation, the bank account verified (and a holder mismatch),
// and the case's history naming who did it.
import { expectAccessible, expect, screenshot, test } from './fixtures.js';

test('edit an individual, verify bank accounts, read the history', async ({ desk, host, page }) => {
  const last = `Mokoena${Date.now() % 100000}`;
  // The name the history should show: the signed-in person's.
  const user = (await desk.actAs('capturer')).name;
  expect(user).not.toBe('');
  await desk.createIndividual('Thandi', last);

  // Edit details: nothing changed is refused in the page; a new surname renames the case.
  await desk.goToStep('Create the client');
  await page.getByRole('button', { name: 'Edit details' }).click();
  const form = page.getByRole('form', { name: 'Edit details' });
  await expect(form.getByLabel('First name')).toBeFocused();
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(form.getByText('Nothing has changed.')).toBeVisible();
  await form.getByLabel('E-mail').fill('not-an-address');
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(form.getByText('Enter a valid e-mail address', { exact: true })).toBeVisible();
  await screenshot(page, 'individual-edit-details');
  await form.getByLabel('E-mail').fill('thandi@example.co.za');
  await form.getByLabel('Last name').fill(`${last}-Dube`);
  await form.getByRole('button', { name: 'Save details' }).click();
  const name = `Thandi ${last}-Dube`;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Details saved' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit details' })).toBeFocused();
  await expect(page.getByText('thandi@example.co.za')).toBeVisible();

  // The bank is asked through the service, so the client must have been sent first.
  await desk.waitForSendingToFinish();
  await desk.goToStep('External validation');
  const panel = desk.bankPanel();
  await panel.getByRole('button', { name: 'Verify bank account' }).click();
  await expect(
    panel.getByText('Enter the account number: 6 to 16 digits, no spaces', { exact: true }),
  ).toBeVisible();
  await expect(panel.getByText('Choose the account type', { exact: true })).toBeVisible();
  await expect(panel.getByLabel('Account number')).toHaveAttribute('aria-invalid', 'true');

  const result = panel.getByRole('group', { name: 'Bank verification result' });
  await desk.verifyBankAccount('62001234561');
  await expect(result).toContainText('Account verified', { timeout: 30_000 });
  await expect(result).toContainText(/Holder matches the client\s*Yes/);

  await desk.verifyBankAccount('62001234560', 'Current (cheque)');
  await expect(result).toContainText('The account holder does not match the client', { timeout: 30_000 });
  await expect(result).toContainText(/Holder matches the client\s*No/);
  await screenshot(page, 'bank-verification');

  await desk.verifyBankAccount('62001234569');
  await expect(result).toContainText('Account not found', { timeout: 30_000 });
  await expectAccessible(page, 'bank verification, account not found');

  // The history: who did what, by name.
  const history = page.getByRole('region', { name: 'History' });
  await expect(
    history.getByRole('row').filter({ hasText: 'Bank account not verified' }).first(),
  ).toContainText(user);
  await expect(history.getByRole('row').filter({ hasText: 'Bank account verified' })).toHaveCount(1);
  await expect(history.getByRole('row').filter({ hasText: 'Client details changed' })).toContainText(user);

  // Offline: the core refuses, and the panel says so in plain words.
  await host.sandboxControl.stop();
  await expect(desk.connection()).toHaveAccessibleName(/Offline/, { timeout: 60_000 });
  await desk.verifyBankAccount('62001234561');
  await expect(panel.getByRole('alert')).toContainText(
    'Bank account verification needs a connection to the service',
    {
      timeout: 60_000,
    },
  );
  await expectAccessible(page, 'bank verification, offline');
});
