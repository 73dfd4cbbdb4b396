// Jobs are deleted in one place (sync/job-removal.ts): lint refuses a deletion anywhere else in the
// desktop code, whichever way the job store is reached.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const SLOW = 60_000;

async function deletionErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.severity === 2 && m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('one owner deletes jobs', () => {
  beforeAll(async () => {
    await eslint.lintText('export {};\n', { filePath: 'electron/core/warm-up.ts' });
  }, SLOW);

  it.each([
    [
      'electron/core/cases/probe.ts',
      'export const f = (d: { jobs: { remove(id: string): void } }) => d.jobs.remove("1");\n',
    ],
    [
      'electron/core/ipc/probe.ts',
      'export const f = (jobs: { remove(id: string): void }) => jobs.remove("1");\n',
    ],
  ])(
    'refuses a job deletion in %s',
    async (filePath, code) => {
      expect(await deletionErrors(filePath, code)).toEqual([
        'Jobs are deleted only by JobRemoval (sync/job-removal.ts): recordAnswer, withdraw or discard.',
      ]);
    },
    SLOW,
  );

  it(
    'allows it in the job removal',
    async () => {
      expect(
        await deletionErrors(
          'electron/core/sync/job-removal.ts',
          'export const f = (jobs: { remove(id: string): void }) => jobs.remove("1");\n',
        ),
      ).toEqual([]);
    },
    SLOW,
  );

  it(
    'leaves other removals alone',
    async () => {
      expect(
        await deletionErrors(
          'electron/core/ipc/probe.ts',
          'export const f = (vault: { remove(id: string): void }) => vault.remove("1");\n',
        ),
      ).toEqual([]);
    },
    SLOW,
  );
});
