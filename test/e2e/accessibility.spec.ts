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

  // Webhook subscriptions, for a reviewer: the secret is shown once, with a copy button.
  await desk.actAs('reviewer');
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
  await expect(envForm.getByText('The live environment must use https://')).toBeVisible();
  await envForm.getByLabel('Service base URL').fill('https://live.example.invalid');
  await envForm.getByRole('button', { name: 'Save environment' }).click();
  await page
    .getByRole('row', { name: /Bank live/ })
    .getByRole('button', { name: 'Use' })
    .click();
  await expect(page.getByRole('note').filter({ hasText: 'LIVE ENVIRONMENT' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(/Environment: ?Live/);
  await screenshot(page, 'settings-live');
  await expectAccessible(page, 'settings on live');
  await page
    .getByRole('row', { name: /Sandbox/ })
    .getByRole('button', { name: 'Use' })
    .click();
  await expect(page.getByRole('note').filter({ hasText: 'LIVE ENVIRONMENT' })).toHaveCount(0);

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
