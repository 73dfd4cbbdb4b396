// A failure in plain words, "retry now" once the cause is fixed, and "discard" only after a confirmation.
import { makeSouthAfricanId } from '../../shared/domain/index.js';
import { expectAccessible, expect, screenshot, test } from './fixtures.js';
import type { DeskApp } from './pages/desk-app.js';
import type { SandboxHandle } from '../../server/index.js';
import { SANDBOX_CONTROL_SECRET_HEADER } from '../../shared/api/sandbox.js';

async function setBalance(sandbox: SandboxHandle, partnerId: string, balance: number): Promise<void> {
  const res = await fetch(`${sandbox.url}/sandbox/v1/partners/${partnerId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', [SANDBOX_CONTROL_SECRET_HEADER]: sandbox.controlSecret! },
    body: JSON.stringify({ balance }),
  });
  expect(res.ok).toBe(true);
}

async function createIndividual(desk: DeskApp, last: string, sequence: number): Promise<void> {
  const page = desk.page;
  await desk.open('Cases');
  await page.getByRole('link', { name: 'New individual' }).click();
  await page.getByLabel('First name').fill('Naledi');
  await page.getByLabel('Last name').fill(last);
  await page
    .getByLabel('ID number')
    .fill(
      makeSouthAfricanId({ birthDate: '1992-03-03', gender: 'Female', citizenship: 'citizen', sequence }),
    );
  await page.getByLabel('The client gives permission for screening and verification').check();
  await page.getByRole('button', { name: 'Create individual' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Naledi ${last}` })).toBeVisible();
}

test('a failed item is explained, retried once fixed, and discarded only when confirmed', async ({
  desk,
  host,
  page,
}) => {
  const sandbox = host.sandbox;
  if (!sandbox) throw new Error('the embedded sandbox is not running');
  const partner = sandbox.demoPartner.partnerId;
  await desk.actAs('capturer');

  // No credits left: the service refuses the create, and the queue says so.
  await setBalance(sandbox, partner, 0);
  await createIndividual(desk, 'Retry', 901);
  // The unsent count in the header opens the queue.
  await desk.unsentLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Queue' })).toBeVisible();
  const job = page.getByRole('listitem').filter({ hasText: 'Naledi Retry' }).first();
  await expect(job.getByText('Failed')).toBeVisible({ timeout: 60_000 });
  await expect(job.getByText(/^Stopped: /)).toBeVisible();
  await screenshot(page, 'queue-failed');
  await expectAccessible(page, 'queue with a failure');

  await setBalance(sandbox, partner, 1000);
  await job.getByRole('button', { name: 'Retry now' }).click();
  await expect(page.getByRole('region', { name: /Naledi Retry/ })).toHaveCount(0, { timeout: 60_000 });

  // Discarding asks first; cancelling keeps the item.
  await setBalance(sandbox, partner, 0);
  await createIndividual(desk, 'Discard', 902);
  await desk.open('Queue');
  const other = page.getByRole('listitem').filter({ hasText: 'Naledi Discard' }).first();
  await expect(other.getByText('Failed')).toBeVisible({ timeout: 60_000 });
  await other.getByRole('button', { name: 'Discard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard this item?' });
  await expect(dialog).toContainText('will not be sent');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(other).toBeVisible();
  await other.getByRole('button', { name: 'Discard' }).click();
  await dialog.getByRole('button', { name: 'Discard it' }).click();
  await expect(page.getByRole('region', { name: /Naledi Discard/ })).toHaveCount(0, { timeout: 30_000 });

  // Sending can be paused and resumed.
  await page.getByRole('button', { name: 'Pause sending' }).click();
  await expect(page.getByText(/sending paused/)).toBeVisible();
  await page.getByRole('button', { name: 'Resume sending' }).click();
  await expect(page.getByRole('button', { name: 'Pause sending' })).toBeVisible();
});
