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

  // Keyboard: after a fresh load the skip link is the first stop, and it moves to the content.
  await page.reload();
  await desk.ready();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

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
