// The desktop smoke scenario (scenarios/offline-entity-survives-restart.ts) on the headless host:
// start, create an entity offline, quit, start again on the same data and find it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Host } from '../../electron/host/index.js';
import { staffServiceOf, startTestHost, test } from './fixtures.js';
import { DeskApp } from './pages/desk-app.js';
import { offlineEntitySurvivesRestart } from './scenarios/offline-entity-survives-restart.js';

test('an entity captured offline is still there after quitting and starting again', async ({ page }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'fica-e2e-restart-'));
  let host: Host | null = null;
  try {
    await offlineEntitySurvivesRestart({
      start: async () => {
        host = await startTestHost(dataDir);
        await page.goto(host.openUrl());
        return page;
      },
      goOffline: async () => host!.sandboxControl.stop(),
      signIn: async (desk) => {
        await new DeskApp(desk.page, staffServiceOf(host!)).actAs('capturer');
      },
      quit: async () => {
        await host!.stop();
        host = null;
      },
    });
  } finally {
    await (host as Host | null)?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
