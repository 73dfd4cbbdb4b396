// One scenario, two shells: start, create an entity while offline, quit, start again and find it.
// The headless spec (offline-entity-restart.spec.ts) runs it here against the headless host; the
// Electron spec (electron/desktop-smoke.electron.ts) runs it in the hosted desktop workflow.
import { expect, type Page } from '@playwright/test';
import { DeskApp } from '../pages/desk-app.js';

export interface ShellUnderTest {
  /** Starts the app (first time or again, on the same data) and gives its page, ready to use. */
  start(): Promise<Page>;
  /** Takes the service away, so whatever is captured next stays unsent. */
  goOffline(): Promise<void>;
  /** Quits the app the way a person does. */
  quit(): Promise<void>;
  /** Signs the training sandbox's capturer in, the way this shell's sign-in goes. */
  signIn(desk: DeskApp): Promise<void>;
}

export async function offlineEntitySurvivesRestart(shell: ShellUnderTest): Promise<void> {
  const name = `Restart Traders ${Date.now() % 100000}`;
  const first = new DeskApp(await shell.start());
  await first.ready();
  await shell.signIn(first);
  await shell.goOffline();
  await expect(first.connection()).toHaveAccessibleName(/Offline/, { timeout: 60_000 });
  await first.createEntity('Private Company (Pty) Ltd', name, '2016/444555/07');
  await expect.poll(() => first.unsentCount(), { timeout: 30_000 }).toBeGreaterThan(0);
  await shell.quit();

  const second = new DeskApp(await shell.start());
  await second.ready();
  // A restart ends the session: the person signs in again before anything is shown.
  await shell.signIn(second);
  await second.open('Cases');
  await expect(second.page.getByText(name).first()).toBeVisible({ timeout: 30_000 });
}
