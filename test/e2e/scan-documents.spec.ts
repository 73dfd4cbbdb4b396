// Scanning at the desk: SANE's test scanner (a real scanimage run) feeds ten sheets into an
// individual's document, page by page, and the document is queued like any other.
import { useTestScanner } from '../support/sane-test-scanner.js';
import { expect, screenshot, test } from './fixtures.js';

// The host runs in this worker: its scanimage runs see only SANE's test scanner.
useTestScanner();

test('a feeder run scans every sheet into an individual’s document', async ({ desk, page }) => {
  const last = `Scanner${Date.now() % 100000}`;
  const name = `Lerato ${last}`;
  await desk.actAs('capturer');
  await desk.createIndividual('Lerato', last);
  await desk.goToStep('Documents');

  const area = page.getByRole('region', { name: `Add a document for ${name}` });
  await area.getByLabel('Document group').selectOption({ index: 1 });
  await area.getByLabel('Document type').selectOption({ index: 1 });
  await area.getByRole('button', { name: 'Use a scanner' }).click();
  const scanner = area.getByRole('group', { name: 'Scan pages' });
  await expect(scanner.getByLabel('Scanner')).toHaveValue('test:0', { timeout: 60_000 });

  // A flatbed preview frames the page and adds nothing.
  await scanner.getByRole('button', { name: 'Preview' }).click();
  await expect(scanner.getByRole('img', { name: 'Preview of the page on the scanner' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(area.getByText(/^Page 1 ·/)).toHaveCount(0);

  await scanner.getByLabel('Paper from').selectOption('Automatic Document Feeder');
  await scanner.getByLabel('Resolution').selectOption('100');
  await scanner.getByRole('button', { name: 'Scan all sheets' }).click();
  await expect(scanner.getByRole('status').filter({ hasText: '10 pages scanned.' })).toBeVisible({
    timeout: 120_000,
  });
  await expect(area.getByText(/^Page 10 ·/)).toBeVisible();
  // The test scanner's sheets are solid black: each page is marked with the reason and its figure,
  // and nothing is queued until the person keeps them or scans again.
  await expect(area.getByRole('group', { name: 'Check of page 1', exact: true })).toContainText(
    'Too dark: brightness 0 of 255 (needs at least 70).',
  );
  await expect(area.getByText('10 pages may be hard to read')).toBeVisible();
  await expect(area.getByRole('button', { name: 'Queue document for upload' })).toBeDisabled();
  await screenshot(page, 'scan-feeder-ten-pages');
  await area.getByRole('button', { name: 'Keep all 10 as they are' }).click();
  await expect(area.getByRole('group', { name: 'Check of page 10' })).toContainText('Kept as it is:');

  await area.getByRole('button', { name: 'Queue document for upload' }).click();
  await expect(area.getByRole('status').filter({ hasText: 'queued for upload' })).toBeVisible({
    timeout: 90_000,
  });
});
