// The desktop smoke test: the same scenario as offline-entity-restart.spec.ts, in the real Electron
// app through Playwright's _electron. It needs the Electron binary and native modules built for
// Electron, which this project's machines cannot download, so it runs only in the hosted desktop
// workflow (.github/workflows/desktop.yml, `npx playwright test -c playwright.electron.config.ts`).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { submitSignInForm } from '../../support/staff-sign-in.js';
import { offlineEntitySurvivesRestart } from '../scenarios/offline-entity-survives-restart.js';

test('an entity captured offline is still there after quitting and starting again', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'fica-desktop-smoke-'));
  // A managed configuration that starts in the training sandbox, so no first-run chooser appears.
  const policy = join(dir, 'policy.json');
  await writeFile(policy, JSON.stringify({ defaultEnvironment: 'training-sandbox' }));
  let app: ElectronApplication | null = null;
  try {
    await offlineEntitySurvivesRestart({
      start: async () => {
        app = await electron.launch({
          args: [resolve('.'), `--user-data-dir=${join(dir, 'user-data')}`],
          env: { ...process.env, FICA_DESK_POLICY: policy },
        });
        return app.firstWindow();
      },
      // The embedded sandbox lives in the main process; an unpackaged app exposes its handle there.
      goOffline: async () => {
        await app!.evaluate(async () => {
          const sandbox = (globalThis as { ficaDeskSandbox?: { handle: { stop(): Promise<void> } } })
            .ficaDeskSandbox;
          await sandbox?.handle.stop();
        });
      },
      quit: async () => {
        await app!.close();
        app = null;
      },
      // The core opens the system browser, which Playwright does not drive: the page it would open
      // is caught in the main process and the sandbox's sign-in form is filled over HTTP instead.
      signIn: async (desk) => {
        await app!.evaluate(({ shell }) => {
          const caught = globalThis as { ficaDeskSignInUrl?: string };
          shell.openExternal = (url: string) => {
            caught.ficaDeskSignInUrl = url;
            return Promise.resolve();
          };
        });
        await desk.page.getByRole('button', { name: 'Sign in with your browser' }).click();
        const url = await expect
          .poll(() =>
            app!.evaluate(() => (globalThis as { ficaDeskSignInUrl?: string }).ficaDeskSignInUrl ?? ''),
          )
          .not.toBe('')
          .then(() => app!.evaluate(() => (globalThis as { ficaDeskSignInUrl?: string }).ficaDeskSignInUrl!));
        const capturer = await app!.evaluate(() => {
          const sandbox = (
            globalThis as {
              ficaDeskSandbox?: { config: { staff: { email: string; role: string; password: string }[] } };
            }
          ).ficaDeskSandbox;
          return sandbox?.config.staff.find((a) => a.role === 'capturer') ?? null;
        });
        if (!capturer) throw new Error('The embedded sandbox has no capturer account.');
        await fetch(await submitSignInForm(url, capturer.email, capturer.password));
        await desk.page.getByRole('button', { name: 'Not now' }).click();
      },
    });
  } finally {
    await (app as ElectronApplication | null)?.close();
    await rm(dir, { recursive: true, force: true });
  }
});
