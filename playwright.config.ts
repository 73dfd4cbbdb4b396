// End-to-end tests of the renderer against the headless host (core + embedded sandbox) in Debian's
// Chromium. Each test starts its own host on port 0 with a temporary data directory (test/e2e/fixtures.ts).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'test/e2e',
  // *.spec.ts only: the Electron smoke test (test/e2e/electron/*.electron.ts) needs the Electron
  // binary and runs in the hosted desktop workflow with playwright.electron.config.ts.
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  // Generous waits: CI machines are shared and loaded, and every wait is on visible state, so a
  // longer timeout only costs time when a test fails anyway.
  timeout: 300_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  // Two shared cores: one browser and one host at a time keeps the run steady.
  workers: 1,
  retries: 0,
  // A test.only left in fails CI; so does any skipped test (test/support/no-skipped-e2e.ts).
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['./test/support/no-skipped-e2e.ts']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    // Clicks and fills; handing big files to a file input has its own, longer timeout (DeskApp.chooseFiles).
    actionTimeout: 45_000,
    navigationTimeout: 60_000,
    screenshot: 'only-on-failure',
    trace: 'off',
    permissions: ['camera'],
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // A fake camera so document capture from the webcam runs headless.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
});
