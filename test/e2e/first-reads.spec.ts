// The host names the app's first reads in the page's headers so the browser fetches them while the
// app's code downloads: the app must then read exactly those, not ask a second time.
import { BRIDGE } from '../../shared/ipc/bridge.js';
import { FIRST_READS } from '../../shared/ipc/first-reads.js';
import { DeskApp } from './pages/desk-app.js';
import { expect, staffServiceOf, test } from './fixtures.js';

test('the app opens on its cases with the answers the browser fetched ahead, each read once', async ({
  host,
  page,
}) => {
  await page.goto(host.openUrl());
  const desk = new DeskApp(page, staffServiceOf(host));
  await desk.ready();
  await desk.actAs('capturer', { passphrase: 'first reads passphrase' });
  const created = await page.evaluate(async () => {
    const response = await fetch('/ipc/entity.create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        entityRegName: 'Fetched Ahead Holdings',
        entityRegNumber: '2016/000123/07',
        entityType: 1,
      }),
    });
    return ((await response.json()) as { ok: boolean }).ok;
  });
  expect(created).toBe(true);

  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/ipc/')) asked.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  await page.reload();
  await expect(page.getByRole('cell', { name: 'Fetched Ahead Holdings' })).toBeVisible({ timeout: 30_000 });

  for (const { channel, input } of FIRST_READS)
    expect(
      asked.filter((line) => line === `GET ${BRIDGE.readPath(channel, input)}`),
      channel,
    ).toHaveLength(1);
  expect(asked.filter((line) => line.startsWith('POST /ipc/cases.list'))).toEqual([]);
  expect(asked.filter((line) => line.startsWith('POST /ipc/settings.get'))).toEqual([]);
});
