// Jobs are deleted in one place (jobs/job-removal.ts): lint refuses a deletion anywhere else in the
// desktop code. It follows the type JobStore, not names: whatever the store is called and however it
// is reached, and a variable merely named `jobs` that is something else is left alone.
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_TYPED_LINT, probeErrors, SLOW, warmUp } from './lint-probe.js';

const ONLY_REMOVAL =
  'Jobs are deleted only by JobRemoval (electron/core/jobs/job-removal.ts): recordAnswer, withdraw or discard.';
const deletionErrors = (filePath: string, code: string) =>
  probeErrors(filePath, code, ['jobs/one-deleter'], { types: true });
const STORE = "import type { JobStore } from '../jobs/job-store.js';\n";

describe('one owner deletes jobs', () => {
  beforeAll(() => warmUp({ types: true }), FIRST_TYPED_LINT);

  it.each([
    [
      'the store under another name',
      'export const f = (deps: { jobs: JobStore }) => {\n  const q = deps.jobs;\n  q.remove("1");\n};\n',
    ],
    [
      'the store reached through a property',
      'export const f = (deps: { queue: JobStore }) => deps.queue.remove("1");\n',
    ],
    ['the store indexed by name', 'export const f = (store: JobStore) => store["remove"]("1");\n'],
    [
      'the method taken off the store',
      'export const f = (store: JobStore) => {\n  const { remove } = store;\n  remove.call(store, "1");\n};\n',
    ],
    [
      'the method of a Pick of the store',
      "export const f = (store: Pick<JobStore, 'remove' | 'get'>) => store.remove('1');\n",
    ],
    [
      'the method of a subclass',
      'declare const Base: typeof JobStore;\nclass Mine extends Base {}\nexport const f = (m: Mine) => m.remove("1");\n',
    ],
    [
      'the store in a union',
      'export const f = (s: JobStore | { remove(id: number): void }) => s.remove("1" as never);\n',
    ],
  ])(
    'refuses a deletion through %s',
    async (_what, code) => {
      expect(await deletionErrors('electron/core/cases/probe.ts', STORE + code)).toContain(ONLY_REMOVAL);
    },
    SLOW,
  );

  it(
    'refuses handing the store on as another type that can delete',
    async () => {
      const code =
        'const drop = (q: { remove(id: string): void }) => q.remove("1");\n' +
        'export const f = (deps: { jobs: JobStore }) => drop(deps.jobs);\n';
      expect(await deletionErrors('electron/core/ipc/probe.ts', STORE + code)).toEqual([
        expect.stringMatching(/^A JobStore handed on as another type that can delete/),
      ]);
    },
    SLOW,
  );

  it(
    'refuses casting the store to another type',
    async () => {
      const code =
        'export const f = (jobs: JobStore) => (jobs as unknown as { remove(id: string): void }).remove("1");\n';
      expect(await deletionErrors('electron/core/ipc/probe.ts', STORE + code)).toEqual([
        expect.stringMatching(/^A JobStore cast to another type cannot be followed/),
      ]);
    },
    SLOW,
  );

  it(
    'refuses deleting job rows with SQL',
    async () => {
      const code =
        "export const f = (jobs: JobStore) => jobs.db.prepare('DELETE FROM jobs WHERE id = ?').run('1');\n";
      expect(await deletionErrors('electron/core/cases/probe.ts', STORE + code)).toEqual([ONLY_REMOVAL]);
    },
    SLOW,
  );

  it(
    'refuses deleting a case with SQL, which takes its jobs with it',
    async () => {
      const code =
        "export const f = (jobs: JobStore) => jobs.db.prepare('DELETE FROM cases WHERE id = ?').run('1');\n";
      expect(await deletionErrors('electron/core/cases/probe.ts', STORE + code)).toEqual([ONLY_REMOVAL]);
    },
    SLOW,
  );

  it(
    'refuses a deletion in the shells too',
    async () => {
      const code =
        "import type { JobStore } from '../core/jobs/job-store.js';\nexport const f = (j: JobStore) => j.remove('1');\n";
      expect(await deletionErrors('electron/host/probe.ts', code)).toEqual([ONLY_REMOVAL]);
    },
    SLOW,
  );

  it(
    'allows it in the job removal',
    async () => {
      const code =
        "import type { JobStore } from './job-store.js';\nexport const f = (jobs: JobStore) => jobs.remove('1');\n";
      expect(await deletionErrors('electron/core/jobs/job-removal.ts', code)).toEqual([]);
    },
    SLOW,
  );

  it(
    "allows the store's other methods, and handing it on as a JobStore",
    async () => {
      const code =
        'const count = (q: JobStore) => q.count(null);\n' +
        'export const f = (deps: { jobs: JobStore }) => [deps.jobs.get("1"), count(deps.jobs)];\n';
      expect(await deletionErrors('electron/core/ipc/probe.ts', STORE + code)).toEqual([]);
    },
    SLOW,
  );

  it(
    'leaves alone removals from anything that is not a job store, whatever it is named',
    async () => {
      const code =
        'export const f = (jobs: { remove(id: string): void }, vault: { remove(id: string): void }) => {\n' +
        '  jobs.remove("1");\n  vault.remove("1");\n};\n';
      expect(await deletionErrors('electron/core/ipc/probe.ts', code)).toEqual([]);
    },
    SLOW,
  );
});
