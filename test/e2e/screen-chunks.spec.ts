// Screens past the first load as chunks of their own: one whose code cannot be fetched says so and
// how to recover, instead of leaving an empty page.
import { DeskApp } from './pages/desk-app.js';
import { expect, screenshot, staffServiceOf, test } from './fixtures.js';

test('a screen whose code cannot be fetched says so, and a reload brings it', async ({ host, page }) => {
  // The queue screen's code is away (an update replaced it, the host stopped for a moment).
  await page.route(/\/assets\/QueueScreen-[^/]+\.js$/, (route) => route.abort('connectionreset'));
  await page.goto(host.openUrl());
  const desk = new DeskApp(page, staffServiceOf(host));
  await desk.ready();
  await desk.actAs('capturer');
  await expect(page.getByRole('heading', { level: 1, name: 'Cases' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This screen could not be opened' });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).toContainText('nothing you typed is lost');
  await screenshot(page, 'screen-code-unavailable');

  await page.unroute(/\/assets\/QueueScreen-[^/]+\.js$/);
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Queue' })).toBeVisible({ timeout: 30_000 });
});
