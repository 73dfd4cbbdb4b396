// Scanning at the desk, in the details a clerk notices: two scanners of one model are told apart by
// where they are, flatbed pages are numbered by their place in the document, each page's "Keep as
// it is" names its page, the size so far shows against the limit while scanning, and Cancel is one
// button that stays put while pages arrive: one click stops the feeder, and what it kept is said in
// plain words that go once those pages go.
import { saneConfig, SLOW_TEST_SCANNER } from '../support/sane-test-scanner.js';
import { expect, screenshot, test } from './fixtures.js';

test('a scan’s Cancel, page numbers, page names, running size and scanner names', async ({ desk, page }) => {
  // The host runs in this worker and starts scanimage with this process's environment: SANE's two
  // test scanners (test:0 and test:1, the same model), about a second and a half a sheet.
  const previous = process.env.SANE_CONFIG_DIR;
  process.env.SANE_CONFIG_DIR = saneConfig(['test'], SLOW_TEST_SCANNER);
  try {
    const last = `Feeder${Date.now() % 100000}`;
    const name = `Sipho ${last}`;
    await desk.actAs('capturer');
    await desk.createIndividual('Sipho', last);
    await desk.goToStep('Documents');
    const area = desk.captureArea(name);
    await area.getByRole('button', { name: 'Use a scanner' }).click();
    const scanner = area.getByRole('group', { name: 'Scan pages' });
    const choice = scanner.getByLabel('Scanner');
    await expect(choice).toHaveValue('test:0', { timeout: 60_000 });
    await expect(choice.getByRole('option')).toHaveText([
      'frontend-tester (test:0)',
      'frontend-tester (test:1)',
    ]);

    // Two flatbed scans: pages 1 and 2, each named by its place, each with its own Keep.
    await scanner.getByLabel('Resolution').selectOption('75');
    for (const n of [1, 2]) {
      await scanner.getByRole('button', { name: 'Scan page' }).click();
      await expect(scanner.getByRole('status').filter({ hasText: '1 page scanned.' })).toBeVisible({
        timeout: 60_000,
      });
      await expect(area.getByText(new RegExp(`^Page ${n} · Scan .* page ${n}\\.jpg`))).toBeVisible();
    }
    await expect(area.getByRole('button', { name: 'Keep page 1 as it is' })).toBeVisible();
    await expect(area.getByRole('button', { name: 'Keep page 2 as it is' })).toBeVisible();
    await expect(area.getByText(/ of 20\.0 MB so far/)).toBeVisible();

    // A feeder run: the one Cancel button is the same element from the first page on.
    await scanner.getByLabel('Paper from').selectOption('Automatic Document Feeder');
    await scanner.getByLabel('Resolution').selectOption('300');
    await scanner.getByRole('button', { name: 'Scan all sheets' }).click();
    const progress = scanner.getByRole('status').filter({ hasText: /Scanning…/ });
    await expect(progress).toContainText('1 page so far', { timeout: 60_000 });
    await expect(progress).toContainText(/of 20\.0 MB/);
    const cancel = await scanner.getByRole('button', { name: 'Cancel scan' }).elementHandle();
    await expect(progress).toContainText('2 pages so far', { timeout: 60_000 });
    await screenshot(page, 'scan-feeder-running');
    expect(await cancel!.evaluate((button) => button.isConnected)).toBe(true);
    await cancel!.click();
    const ended = scanner
      .getByRole('status')
      .filter({ hasText: /^Scan cancelled: the \d pages? scanned before (is|are) kept\.$/ });
    await expect(ended).toBeVisible({ timeout: 60_000 });
    const kept = Number(/the (\d) page/.exec((await ended.textContent()) ?? '')![1]);
    expect(kept).toBeGreaterThanOrEqual(2);
    expect(kept).toBeLessThan(10);
    await expect(
      area.getByText(new RegExp(`^Page ${2 + kept} · Scan .* page ${2 + kept}\\.jpg`)),
    ).toBeVisible();
    await expect(area.getByText(new RegExp(`^Page ${3 + kept} ·`))).toHaveCount(0);
    await expect(scanner.getByRole('button', { name: 'Cancel scan' })).toBeHidden();

    // The message goes with the pages it speaks of.
    await area.getByRole('button', { name: 'Discard these pages' }).click();
    await page
      .getByRole('dialog', { name: `Discard ${2 + kept} pages?` })
      .getByRole('button', { name: `Discard ${2 + kept} pages` })
      .click();
    await expect(area.getByText(/^Page 1 ·/)).toHaveCount(0);
    await expect(ended).toHaveCount(0);
  } finally {
    process.env.SANE_CONFIG_DIR = previous;
  }
});
