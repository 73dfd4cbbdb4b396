// A case with many documents: its documents step shows the first page (those not on the service
// first) with the owner's counts by state, reads more as the list scrolls, and keeps every row it
// read true while the queue sends them.
import type { TestCore } from '../support/core-harness.js';
import { bulkPdf } from '../support/documents.js';
import { individualAtDocumentsStep } from '../support/flows.js';
import { expect, screenshot, test } from './fixtures.js';

const DOCUMENTS = 180;

test('reads more of a long documents list as it scrolls, and keeps the rows it read true while they are sent', async ({
  desk,
  host,
  page,
}) => {
  test.setTimeout(240_000);
  await desk.actAs('capturer');
  const t = {
    core: host.core,
    call: async (channel: string, input: unknown) => {
      const answer = await host.core.handle(channel, input);
      if (!answer.ok) throw new Error(answer.error.message);
      return answer.value;
    },
  } as unknown as TestCore;
  const { caseId, pair } = await individualAtDocumentsStep(t, 'Scroller');
  // What the set-up left on file (the PEP review's record), listed after the unsent scans.
  const onFile = ((await t.call('cases.get', { caseId })) as { documentCounts: { total: number } })
    .documentCounts.total;
  const total = DOCUMENTS + onFile;
  await t.call('queue.pause', {});
  for (let i = 0; i < DOCUMENTS; i++)
    await host.core.internals.drafts.importFile(
      caseId,
      { kind: 'individual' },
      [pair],
      `scan-${String(i).padStart(3, '0')}.pdf`,
      bulkPdf(2048 + i),
    );

  await desk.openCase('Sam Scroller');
  await desk.goToStep('Documents');
  const table = page.getByRole('table', { name: /^Documents of Sam Scroller/ });
  await expect(table).toContainText(
    `${total} documents: ${DOCUMENTS} queued${onFile > 0 ? `, ${onFile} on file` : ''}`,
  );
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(50);
  const more = page.getByRole('button', { name: /^Show more documents/ });
  await expect(more).toHaveText(`Show more documents (${total - 50} more)`);
  await screenshot(page, 'case-documents-first-page');

  // Scrolling to the end of the list reads the next pages as the end comes near.
  await more.scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(150);
  await more.scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(total);
  await expect(more).toHaveCount(0);
  await expect(table.getByRole('cell', { name: /^scan-179\.pdf/ })).toBeVisible();

  // Sent, every row says so, those read beyond the first page too.
  await t.call('queue.resume', {});
  await expect(table).toContainText(`${total} documents: ${total} on file`, { timeout: 120_000 });
  await expect(table.getByText('On file', { exact: true })).toHaveCount(total, { timeout: 30_000 });
  await expect(rows).toHaveCount(total);
  await screenshot(page, 'case-documents-all-sent');
});
