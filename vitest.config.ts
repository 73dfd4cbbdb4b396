import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A skipped or todo test fails the run (test/support/no-skipped-tests.ts).
    reporters: ['default', './test/support/no-skipped-tests.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
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
          fileParallelism: true,
        },
      },
    ],
  },
});
