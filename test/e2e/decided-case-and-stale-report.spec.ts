// A decided case offers no change on any step, and the core refuses one sent over IPC anyway; a
// report made before a change is labelled out of date offline and replaced once the service is back.
import type { IndividualCase } from '../../shared/ipc/model.js';
import type { TestCore } from '../support/core-harness.js';
import { signedInCore } from '../support/host-core.js';
import { captureDocument, captureIndividual } from '../support/flows.js';
import { expect, screenshot, test } from './fixtures.js';

type Host = Parameters<Parameters<typeof test>[2]>[0]['host'];

/** The host's core as the capture flows of test/support want it, signed in as the capturer. */
async function coreOf(host: Host): Promise<TestCore> {
  const sandbox = host.sandbox!;
  const t = await signedInCore(host.core, {
    url: sandbox.url,
    clientId: sandbox.demoPartner.clientId,
    clientSecret: sandbox.demoPartner.clientSecret,
    controlSecret: sandbox.controlSecret,
  });
  await t.call('lookups.refresh', {});
  return t;
}

async function until<T>(read: () => Promise<T>, check: (v: T) => boolean): Promise<T> {
  await expect.poll(async () => check(await read()), { timeout: 90_000 }).toBe(true);
  return read();
}

test('an approved case offers no change, and the core refuses one sent over IPC', async ({
  desk,
  host,
  page,
}) => {
  const t = await coreOf(host);
  const caseId = await captureIndividual(t, { name: 'Ada Approved' });
  await until(
    () => t.call('cases.get', { caseId }),
    (c) => c.status === 'approved',
  );
  await page.reload();
  await desk.ready();
  await desk.openCase('Ada Approved');
  await expect(page.getByRole('status').filter({ hasText: 'Read only.' })).toContainText(
    'Approved: a decided application can no longer be changed.',
  );
  // Every step but the report (a screen of its own, for reading).
  const links = desk
    .steps()
    .getByRole('link')
    .filter({ hasNotText: /Report/ });
  await expect(links.first()).toBeVisible();
  await expect(desk.steps()).not.toContainText('To do');
  const step = page.getByRole('region', { name: 'Current step' });
  for (let i = 0; i < (await links.count()); i++) {
    await links.nth(i).click();
    await expect(step.getByRole('heading', { level: 2 })).toBeVisible();
    // Only reading is offered: opening a document changes nothing.
    await expect(step.getByRole('button').filter({ hasNotText: /^Open$/ })).toHaveCount(0);
  }
  await desk.goToStep('Documents');
  await expect(step).toContainText('No document can be added');
  await screenshot(page, 'approved-case-read-only');

  // The renderer's own channel, used directly (the page's session cookie goes with it): the core
  // refuses the change and keeps the case.
  const answer = await page.evaluate(async (id) => {
    const response = await fetch('/ipc/individual.update', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ caseId: id, changes: { lastName: 'Changed' } }),
    });
    return (await response.json()) as { ok: boolean; error?: { code: string; message: string } };
  }, caseId);
  expect(answer).toMatchObject({
    ok: false,
    error: {
      code: 'not-allowed',
      message: 'Ada Approved is Approved: a decided application can no longer be changed.',
    },
  });
  expect(((await t.call('cases.get', { caseId })) as IndividualCase).create.lastName).toBe('Approved');
});

test('a report made before a change is labelled offline, asked about before saving, and refreshed online', async ({
  desk,
  host,
  page,
}) => {
  const t = await coreOf(host);
  const caseId = await captureIndividual(t, { name: 'Sam Stale', decide: false });
  const sent = await until(
    () => t.call('cases.get', { caseId }),
    (c) => c.unsentJobs === 0,
  );
  await page.goto(`${host.url}#/case/${encodeURIComponent(caseId)}/report`);
  await expect(page.getByRole('toolbar', { name: 'Report viewer' })).toBeVisible({ timeout: 60_000 });

  await host.sandboxControl.stop();
  await expect(desk.connection()).toHaveAccessibleName(/Offline/, { timeout: 60_000 });
  const item = (sent as IndividualCase).checklist.items[0]!;
  await captureDocument(
    t,
    caseId,
    { kind: 'individual' },
    { groupId: item.groupId, typeId: item.types[0]!.id },
    'Late proof.pdf',
  );
  const stale = page.getByRole('status').filter({ hasText: 'Out of date.' });
  await expect(stale).toContainText(/This report is from .+, before: Document captured \(1 page\)/, {
    timeout: 60_000,
  });
  await screenshot(page, 'report-out-of-date');

  await page.getByRole('button', { name: 'Save a copy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save an out-of-date report?' });
  await expect(dialog).toContainText('before: Document captured');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await host.sandboxControl.start();
  await expect(stale).toBeHidden({ timeout: 90_000 });
  await expect(page.getByRole('toolbar', { name: 'Report viewer' })).toBeVisible();
});
