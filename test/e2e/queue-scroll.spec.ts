// A long queue is one list: only the rows near the viewport are in the page, the list has the full
// queue's height, and the keyboard scrolls it to the last item.
import { makeSouthAfricanId } from '../../shared/domain/index.js';
import { expectAccessible, expect, screenshot, test } from './fixtures.js';

const QUEUED = 300;

test('a queue of 300 items scrolls in one list that holds only a window of rows', async ({
  desk,
  host,
  page,
}) => {
  await desk.actAs('capturer');
  // The service is away: everything captured waits in the queue.
  await host.sandboxControl.stop();
  await desk.open('Queue');
  for (let i = 0; i < QUEUED; i++) {
    const answer = await host.core.handle('individual.create', {
      firstName: 'Naledi',
      lastName: `Scroll ${String(i).padStart(3, '0')}`,
      clientSACitizen: true,
      idNumber: makeSouthAfricanId({
        birthDate: '1990-05-05',
        gender: 'Female',
        citizenship: 'citizen',
        sequence: 100 + i,
      }),
      clientEmail: 'naledi@example.com',
    });
    expect(answer.ok).toBe(true);
  }

  const list = page.getByRole('region', { name: /^Queued items/ });
  await expect(list).toHaveAccessibleName(`Queued items, ${QUEUED} in all`, { timeout: 30_000 });
  const rows = list.getByRole('listitem');
  await expect(rows.first()).toContainText('Naledi Scroll 000');
  await expect(rows.first()).toHaveAttribute('aria-setsize', String(QUEUED));
  expect(await rows.count()).toBeLessThan(30);
  // The list is as tall as the whole queue, though it holds a few rows.
  const { scrollHeight, clientHeight } = await list.evaluate((el) => ({
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
  }));
  expect(scrollHeight).toBeGreaterThan(clientHeight * 20);

  // The keyboard scrolls the list to its end, where the last item is read and drawn.
  await list.focus();
  await page.keyboard.press('End');
  const last = rows.filter({ hasText: `Naledi Scroll ${QUEUED - 1}` });
  await expect(last).toBeVisible();
  await expect(last).toHaveAttribute('aria-posinset', String(QUEUED));
  await expect(last.getByRole('heading', { level: 2 })).toHaveText(`Naledi Scroll ${QUEUED - 1}`);
  expect(await rows.count()).toBeLessThan(30);
  await expect(rows.filter({ hasText: 'Naledi Scroll 000' })).toHaveCount(0);
  await screenshot(page, 'queue-scrolled');
  await expectAccessible(page, 'a long queue scrolled to its end');

  // Back in the middle with the page keys: the rows there are read and drawn.
  await page.keyboard.press('Home');
  for (let i = 0; i < 10; i++) await page.keyboard.press('PageDown');
  await expect(rows.first()).not.toContainText('Naledi Scroll 000');
  await expect(rows.getByText(/Reading item/)).toHaveCount(0);
  await host.sandboxControl.start();
});
