// Work stays in the environment it was captured in: a client captured under the Sandbox is not
// listed (only counted) once the person has switched to Live, which asks for confirmation first;
// switching back shows it again and sends it to the Sandbox.
import { expect, screenshot, test } from './fixtures.js';

test('a case captured under one environment is counted, not listed, under another, and sent after switching back', async ({
  desk,
  host,
  page,
}) => {
  await desk.actAs('capturer');
  await desk.open('Queue');
  await page.getByRole('button', { name: 'Pause sending' }).click();
  await expect(page.getByRole('button', { name: 'Resume sending' })).toBeVisible();
  await desk.createIndividual('Thandi', 'Sandboxed');
  await expect.poll(() => desk.unsentCount()).toBeGreaterThan(0);
  const unsent = await desk.unsentCount();

  // A Live profile; switching to it asks first, naming it, and Cancel keeps the Sandbox.
  await desk.open('Settings');
  await page.getByRole('button', { name: 'Add an environment' }).click();
  const envForm = page.getByRole('form', { name: 'New environment' });
  await envForm.getByLabel('Name').fill('Bank live');
  await envForm.getByLabel('Kind').selectOption({ label: 'Live' });
  await envForm.getByLabel('Service base URL').fill('https://live.example.invalid');
  await envForm.getByRole('button', { name: 'Save environment' }).click();
  const liveRow = page.getByRole('row', { name: /Bank live/ });
  await liveRow.getByRole('button', { name: 'Use' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch to Bank live (Live)?' });
  await expect(dialog).toContainText('Bank live is a Live environment');
  await expect(dialog).toContainText('Work captured under Sandbox stays there');
  await screenshot(page, 'environment-switch-to-live');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner')).toContainText(/Environment: ?Sandbox/);

  await liveRow.getByRole('button', { name: 'Use' }).click();
  await dialog.getByRole('button', { name: 'Switch to Bank live' }).click();
  await expect(page.getByRole('note').filter({ hasText: 'LIVE ENVIRONMENT' })).toBeVisible();

  // Live has its own identity provider: the switch signs the person out. Before anyone signs in
  // there, the Sandbox's client is counted, not listed, and nothing of it is Live's unsent work.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to FICA Desk' })).toBeVisible();
  const elsewhere = page.getByRole('complementary', { name: 'Work in other environments' });
  await expect(elsewhere).toContainText(
    `1 case and ${unsent} unsent item${unsent === 1 ? '' : 's'} under Sandbox — switch to see them`,
  );
  await expect(page.getByRole('link', { name: 'Thandi Sandboxed' })).toHaveCount(0);
  expect(await desk.unsentCount()).toBe(0);
  await screenshot(page, 'environment-sign-in-under-live');

  // Back to the Sandbox (no question asked), signed in there: the client is listed again and sent there.
  await page.getByLabel('Environment', { exact: true }).selectOption({ index: 0 });
  await page.getByRole('button', { name: 'Use this environment' }).click();
  await expect(page.getByRole('note').filter({ hasText: 'LIVE ENVIRONMENT' })).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText(/Environment: ?Sandbox/);
  await desk.actAs('capturer');
  await desk.open('Cases');
  await expect(page.getByRole('link', { name: 'Thandi Sandboxed' })).toBeVisible();
  await expect(elsewhere).toHaveCount(0);
  await desk.waitForSendingToFinish();
  const [sent] = host.core.internals.store.cases.listCases().filter((c) => c.title === 'Thandi Sandboxed');
  expect(sent?.serverId).toBeTruthy();
  expect(sent?.profileId).toBe(host.core.internals.session.activeId);
});
