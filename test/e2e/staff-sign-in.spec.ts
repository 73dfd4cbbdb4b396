// Staff sign in for real: the identity provider's page in a browser window, roles that decide who
// approves, maker and checker, a wrong password, the idle lock, and an offline unlock whose queued
// decision reaches the service under the reviewer who made it.
import { captureIndividual } from '../support/flows.js';
import { signedInCore } from '../support/host-core.js';
import { serviceView } from '../support/service-view.js';
import { staffServiceOf, TEST_STAFF_PASSWORD } from '../support/staff-sign-in.js';
import { expect, expectAccessible, screenshot, test } from './fixtures.js';

const PASSPHRASE = 'reviewer offline passphrase';

test('the capturer captures, cannot approve by screen or IPC; the reviewer signs in and approves', async ({
  desk,
  host,
  page,
}) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to FICA Desk' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await screenshot(page, 'staff-sign-in');
  await expectAccessible(page, 'sign-in screen');
  const capturer = await desk.actAs('capturer');
  const name = `Carla ${Date.now() % 100000}`;
  // The capture itself is the individual spec's subject; here it goes through the core as the capturer.
  const service = staffServiceOf(host)!;
  const t = await signedInCore(host.core, service, 'capturer', { signIn: false });
  const caseId = await captureIndividual(t, { name, decide: false });
  await desk.waitForSendingToFinish();

  await desk.openCase(name);
  await desk.goToStep('Onboarding decision');
  await expect(page.getByTestId('decision-role')).toHaveText('Only a reviewer may record a decision.');
  await expect(page.getByRole('radio', { name: 'Approve' })).toHaveCount(0);
  const byIpc = await host.core.handle('individual.decide', { caseId, onboardingDecision: 'Approved' });
  expect(byIpc).toMatchObject({ ok: false, error: { code: 'not-allowed' } });

  await desk.signOut();
  const reviewer = await desk.actAs('reviewer');
  expect(reviewer.userId).not.toBe(capturer.userId);
  await expect(page.getByTestId('signed-in-person')).toContainText(`${reviewer.name} (reviewer)`);
  // The reviewer finds the case among the service's cases on the desk, and approves it there.
  const { clientReference } = await t.call('cases.get', { caseId });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: "Reviewer's desk" }).click();
  await page.getByRole('button', { name: 'Individuals' }).click();
  await page.getByLabel('Client reference').fill(clientReference);
  await expect(page.getByText('1–1 of 1')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await desk.approve();
  await screenshot(page, 'desk-approved-by-reviewer');
  // The laptop's own copy follows the service: approved, read-only.
  await desk.openCase(name);
  await expect(page.getByRole('status').filter({ hasText: 'Read only.' })).toBeVisible({ timeout: 60_000 });
  const c = await t.call('cases.get', { caseId });
  const record = await (await serviceView(service)).individual(c.serverId!);
  expect(record.approvedBy).toBe(reviewer.name);
});

test('a wrong password, a locked app, and an offline unlock whose decision is sent as the reviewer', async ({
  desk,
  host,
  page,
}) => {
  const service = staffServiceOf(host)!;
  const reviewer = await desk.account('reviewer');
  // A wrong password: the identity provider says so and the app stays on the sign-in screen.
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with your browser' }).click();
  const provider = await popup;
  await provider.getByLabel('Email').fill(reviewer.email);
  await provider.getByLabel('Password').fill(`${TEST_STAFF_PASSWORD} but wrong`);
  await provider.getByRole('button', { name: 'Sign in' }).click();
  await expect(provider.getByRole('alert')).toHaveText('Wrong email or password.');
  await provider.close();
  await page.getByRole('button', { name: 'Cancel sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to FICA Desk' })).toBeVisible();

  // A case captured and sent by the capturer, waiting for a reviewer.
  const t = await signedInCore(host.core, service, 'capturer');
  const name = `Olga ${Date.now() % 100000}`;
  const caseId = await captureIndividual(t, { name, decide: false });
  await expect
    .poll(async () => (await t.call('cases.get', { caseId })).unsentJobs, { timeout: 90_000 })
    .toBe(0);
  await t.call('staff.signOut', {});

  // The reviewer signs in online and sets the offline passphrase when asked.
  await desk.actAs('reviewer', { passphrase: PASSPHRASE });
  await page.getByRole('button', { name: 'Lock' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'FICA Desk is locked' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await screenshot(page, 'staff-locked');
  await expectAccessible(page, 'lock screen');

  // Offline: a wrong passphrase is refused, the right one unlocks.
  await host.sandboxControl.stop();
  await page.getByLabel('Offline passphrase', { exact: true }).fill('not the passphrase');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong passphrase.');
  await page.getByLabel('Offline passphrase', { exact: true }).fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByTestId('signed-in-person')).toContainText(reviewer.name);

  await desk.openCase(name);
  await desk.approve();
  await expect.poll(() => desk.unsentCount(), { timeout: 30_000 }).toBeGreaterThan(0);
  // The reviewer leaves; the decision waits in the queue under their name and goes when the service is back.
  await desk.signOut();
  await host.sandboxControl.start();
  await expect
    .poll(async () => (await host.core.internals.jobs.ofCase(caseId)).length, { timeout: 90_000 })
    .toBe(0);
  const serverId = host.core.internals.store.cases.getCase(caseId)!.serverId!;
  const record = await (await serviceView({ ...service, url: host.sandbox!.url })).individual(serverId);
  expect(record.approvedBy).toBe(reviewer.name);
});
