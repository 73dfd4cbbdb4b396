// A case decided through the service's dashboard while it is open on the laptop becomes read-only
// there: the background refresh learns the decision and the open case screen shows it.
import { expect, screenshot, test } from './fixtures.js';
import { SANDBOX_CONTROL_SECRET_HEADER } from '../../shared/api/sandbox.js';

test('a case approved through the dashboard becomes read-only on the laptop', async ({
  desk,
  host,
  page,
}) => {
  await desk.actAs('capturer');
  await desk.createIndividual('Dora', 'Dashboard');
  await desk.waitForSendingToFinish();
  await expect(page.getByTestId('service-check')).toContainText('Checked with the service', {
    timeout: 30_000,
  });
  await expect(page.getByRole('status').filter({ hasText: 'Read only.' })).toHaveCount(0);

  const listed = await host.core.handle('cases.list', { search: 'Dora Dashboard' });
  if (!listed.ok) throw new Error(listed.error.message);
  const [summary] = (listed.value as { cases: Array<{ serverId: string | null }> }).cases;
  const sandbox = host.sandbox!;
  const response = await fetch(`${sandbox.url}/sandbox/v1/dashboard-actions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_CONTROL_SECRET_HEADER]: sandbox.controlSecret! },
    body: JSON.stringify({
      partnerId: sandbox.demoPartner.partnerId,
      action: 'decideIndividual',
      individualId: summary!.serverId,
      onboardingDecision: 'Approved',
      additionalComments: 'Approved at head office',
    }),
  });
  expect(response.status).toBe(200);
  // The background refresh's next round, now rather than in a few minutes.
  await host.core.internals.caseRefresh.refreshRound();

  await expect(page.getByRole('status').filter({ hasText: 'Read only.' })).toContainText(
    'Decided on the service: Approved',
  );
  await desk.goToStep('Documents');
  await expect(page.getByRole('region', { name: 'Current step' })).toContainText('No document can be added');
  await screenshot(page, 'decided-on-the-service');
});
