// The Electron smoke test (test/e2e/electron/*.electron.ts): only in the hosted desktop workflow,
// where the Electron binary exists. The local run (playwright.config.ts) matches only *.spec.ts.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'test/e2e/electron',
  testMatch: '**/*.electron.ts',
  outputDir: 'test-results/electron',
  timeout: 300_000,
  expect: { timeout: 30_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
});
