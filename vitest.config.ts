import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  test: {
    // A skipped or todo test fails the run (test/support/no-skipped-tests.ts).
    reporters: ['default', './test/support/no-skipped-tests.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: ['test/unit/renderer/runes/**'],
          environment: 'node',
        },
      },
      {
        // The renderer's rune classes (renderer/lib/*.svelte.ts), compiled by the Svelte plugin as the
        // browser build compiles them, so $state and $derived behave as they do on screen.
        plugins: [svelte()],
        resolve: { conditions: ['browser'] },
        test: {
          name: 'runes',
          include: ['test/unit/renderer/runes/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Real servers, real SQLite files: files run in parallel, tests inside a file in order.
          // Most of a file's time is spent waiting on servers, child processes and the disk, so three
          // files at a time on two cores halves the suite's wall time (measured: 23 → 11 min on a
          // loaded 2-core machine) without starving the CPU-heavy ones, whose timeouts allow for it.
          fileParallelism: true,
          maxWorkers: 3,
        },
      },
    ],
  },
});
