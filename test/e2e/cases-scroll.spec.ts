// A long cases list: the table stands for every case (aria-rowcount) while only a window of rows
// is in the DOM; scrolling to the end reaches the oldest case, which opens.
import { expect, screenshot, test } from './fixtures.js';

const CASES = 300;

test('scrolls a list of 300 cases with only a window of rows in the DOM, and opens the last one', async ({
  desk,
  host,
  page,
}) => {
  test.setTimeout(180_000);
  await desk.actAs('capturer');
  const handle = async (channel: string, input: unknown) => {
    const answer = await host.core.handle(channel as never, input);
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value;
  };
  await handle('queue.pause', {});
  for (let i = 0; i < CASES; i++)
    await handle('entity.create', {
      entityRegName: `Scroll ${String(i).padStart(3, '0')} Holdings`,
      entityRegNumber: `2018/${String(i).padStart(6, '0')}/07`,
      entityType: 1,
    });

  await desk.open('Cases');
  const table = page.getByRole('table', { name: 'Applications' });
  await expect(table).toHaveAttribute('aria-rowcount', String(CASES + 1));
  await expect(page.getByRole('link', { name: 'Scroll 299 Holdings' })).toBeVisible();
  const rendered = await table.locator('tbody tr[aria-rowindex]').count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(60);
  await screenshot(page, 'cases-long-list-top');

  // To the end: the oldest case is the last row, read when it came near the viewport.
  await page.locator('.scroller').evaluate((el) => (el.scrollTop = el.scrollHeight));
  const last = page.getByRole('link', { name: 'Scroll 000 Holdings' });
  await expect(last).toBeVisible();
  await expect(table.locator('tbody tr[aria-rowindex]').last()).toHaveAttribute(
    'aria-rowindex',
    String(CASES + 1),
  );
  expect(await table.locator('tbody tr[aria-rowindex]').count()).toBeLessThan(60);
  await expect(page.getByRole('link', { name: 'Scroll 299 Holdings' })).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/screenshots/cases-long-list-end.png' });

  await last.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scroll 000 Holdings' })).toBeVisible();

  // Back on the list, a search narrows the whole list, not only the rows that were read.
  await desk.open('Cases');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Scroll 00');
  await expect(table).toHaveAttribute('aria-rowcount', String(10 + 1));
  await expect(page.getByRole('link', { name: /Scroll 00\d Holdings/ })).toHaveCount(10);
});
