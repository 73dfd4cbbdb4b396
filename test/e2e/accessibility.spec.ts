// axe-core on every screen that the flow tests do not already check, in both themes.
import { expectAccessible, expect, screenshot, test } from './fixtures.js';

test('no serious or critical axe-core violation on the main screens', async ({ desk, page }) => {
  await desk.actAs('capturer');
  await desk.open('Cases');
  await expectAccessible(page, 'cases list');
  await page.getByRole('link', { name: 'New entity' }).click();
  await page.getByRole('button', { name: 'Create entity' }).click();
  await expectAccessible(page, 'new entity with errors');
  await desk.open('Queue');
  await expectAccessible(page, 'queue');
  await desk.open('Settings');
  await page.getByRole('button', { name: 'Add an environment' }).click();
  await expectAccessible(page, 'settings');
  await screenshot(page, 'settings');

  // Webhook subscriptions, for an administrator: the secret is shown once, with a copy button.
  await desk.actAs('admin');
  await page.getByLabel('Subscription name').fill('Branch listener');
  await page.getByLabel('Receiver URL').fill('http://127.0.0.1:9/hooks');
  await page.getByRole('button', { name: 'Create subscription' }).click();
  await expect(page.getByText(/^whsec_[A-Za-z0-9+/]{43}=$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy secret' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Branch listener' })).toBeVisible();
  await expectAccessible(page, 'settings with a new webhook secret');
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByText(/^whsec_/)).toHaveCount(0);

  // Keyboard: after a fresh load the skip link is the first stop, and it moves to the content.
  await page.reload();
  await desk.ready();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // A Live profile is unmistakable: a red band on every screen.
  await desk.open('Settings');
  await page.getByRole('button', { name: 'Add an environment' }).click();
  const envForm = page.getByRole('form', { name: 'New environment' });
  await envForm.getByLabel('Name').fill('Bank live');
  await envForm.getByLabel('Kind').selectOption({ label: 'Live' });
  await envForm.getByLabel('Service base URL').fill('http://live.example.invalid');
  await envForm.getByRole('button', { name: 'Save environment' }).click();
  // The core's refusal, shown on the field (the screen itself only checks the address's form), and
  // in the form's error summary that links to it.
  await expect(envForm.getByLabel('Service base URL')).toHaveAccessibleDescription(
    /The live environment must use https:\/\//,
  );
  await expect(
    envForm.getByRole('link', { name: /^Service base URL: The live environment must use/ }),
  ).toBeVisible();
  await screenshot(page, 'settings-live-http-refused');
  await envForm.getByLabel('Service base URL').fill('https://live.example.invalid');
  await envForm.getByRole('button', { name: 'Save environment' }).click();
  await page
    .getByRole('row', { name: /Bank live/ })
    .getByRole('button', { name: 'Use' })
    .click();
  const goLive = page.getByRole('dialog', { name: 'Switch to Bank live (Live)?' });
  await expectAccessible(page, 'switch to Live confirmation');
  await goLive.getByRole('button', { name: 'Switch to Bank live' }).click();
  await expect(page.getByRole('note').filter({ hasText: 'LIVE ENVIRONMENT' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(/Environment: ?Live/);
  // Each environment has its own sign-in: the switch signs the person out.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to FICA Desk' })).toBeVisible();
  await screenshot(page, 'sign-in-live');
  await expectAccessible(page, 'sign-in on live');
  await page.getByLabel('Environment', { exact: true }).selectOption({ index: 0 });
  await page.getByRole('button', { name: 'Use this environment' }).click();
  await expect(page.getByRole('note').filter({ hasText: 'LIVE ENVIRONMENT' })).toHaveCount(0);
  await desk.actAs('capturer');
  await desk.open('Settings');

  // Dark theme.
  await page.getByLabel('Theme').selectOption({ label: 'Dark' });
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await desk.open('Cases');
  await expectAccessible(page, 'cases list, dark');
  await desk.open('Settings');
  await page.getByLabel('Theme').selectOption({ label: 'Light' });
  await page.getByRole('button', { name: 'Save settings' }).click();
});

test('the bank verification and history panels: axe in both themes, and by keyboard alone', async ({
  desk,
  page,
}) => {
  // Zod runs without JIT, so the strict CSP (no 'unsafe-eval') never reports a violation.
  await page.addInitScript(
    "window.cspViolations = []; document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));",
  );
  await page.reload();
  await desk.ready();
  const last = `Zulu${Date.now() % 100000}`;
  await desk.actAs('capturer');
  await desk.createIndividual('Ayanda', last);
  await desk.waitForSendingToFinish();
  await desk.goToStep('External validation');
  const panel = desk.bankPanel();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('row').filter({ hasText: 'Application created' })).toBeVisible();

  await panel.getByRole('button', { name: 'Verify bank account' }).click();
  await expect(panel.getByText('Choose the account type', { exact: true })).toBeVisible();
  await expectAccessible(page, 'bank verification with errors, and history');

  // Keyboard only: from the account number through the form to the button, Enter sends it.
  await panel.getByLabel('Account number').focus();
  await page.keyboard.type('62001234561');
  await page.keyboard.press('Tab');
  await page.keyboard.type('250655');
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Account type')).toBeFocused();
  await panel.getByLabel('Account type').selectOption({ label: 'Transmission' });
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Bank name')).toBeFocused();
  await page.keyboard.press('Enter');
  const result = panel.getByRole('group', { name: 'Bank verification result' });
  await expect(result).toContainText('Account verified', { timeout: 30_000 });
  await expect(history.getByRole('row').filter({ hasText: 'Bank account verified' })).toBeVisible();
  await expectAccessible(page, 'bank verification verified, and history');

  await desk.verifyBankAccount('62001234560');
  await expect(result).toContainText('The account holder does not match the client', { timeout: 30_000 });
  await expectAccessible(page, 'bank verification holder mismatch');

  // "Follow the system" follows the OS as it switches, without a reload.
  await desk.open('Settings');
  await page.getByLabel('Theme').selectOption({ label: 'Follow the system' });
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  // Dark theme: the same panels.
  await page.getByLabel('Theme').selectOption({ label: 'Dark' });
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await desk.openCase(`Ayanda ${last}`);
  await desk.goToStep('External validation');
  await expect(panel.getByRole('group', { name: 'Bank verification result' })).toContainText(
    'The account holder does not match the client',
  );
  await expect(panel.getByText('The last check recorded for this client.')).toBeVisible();
  await expectAccessible(page, 'bank verification and history, dark');
  await screenshot(page, 'bank-verification-dark');
  expect(await page.evaluate('window.cspViolations')).toEqual([]);
});
