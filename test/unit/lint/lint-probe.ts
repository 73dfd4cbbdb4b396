// Lints a probe: code linted as if it were the file named, though no such file is on disk, under the
// repository's own eslint.config.js. The rule that follows types (jobs/one-deleter) needs every file
// it reads in a TypeScript project, and building the core's program costs seconds of CPU; probes of
// the other rules lint without types (that rule off), and only the job-deleter probes pay for them,
// their files in the default project with tsconfig.node.json's compiler options.
import { ESLint } from 'eslint';

const PROBE_FILES = [
  'electron/*/probe.ts',
  'electron/*/*/probe.ts',
  'electron/*/*/*/probe.ts',
  'test/unit/electron/probe.ts',
];
const TYPED_FILES = ['electron/**/*.ts', 'test/**/electron/**/*.ts'];

let untyped: ESLint | undefined;
let typed: ESLint | undefined;

function linter(types: boolean): ESLint {
  if (!types) {
    untyped ??= new ESLint({
      cwd: process.cwd(),
      overrideConfig: [
        {
          files: TYPED_FILES,
          languageOptions: { parserOptions: { projectService: false } },
          rules: { 'jobs/one-deleter': 'off' },
        },
      ],
    });
    return untyped;
  }
  typed ??= new ESLint({
    cwd: process.cwd(),
    overrideConfig: [
      {
        files: TYPED_FILES,
        languageOptions: {
          parserOptions: {
            projectService: {
              allowDefaultProject: PROBE_FILES,
              defaultProject: 'tsconfig.node.json',
              // Counts the probes opened so far (none is on disk), not files found by globbing.
              maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 100,
            },
            tsconfigRootDir: process.cwd(),
          },
        },
      },
    ],
  });
  return typed;
}

/** ESLint and its plugins load on first use: seconds, more on a loaded two-core machine. */
export const FIRST_LINT = 120_000;
/**
 * The first typed probe also builds a TypeScript program of the core: some 10 s of CPU, minutes
 * when the machine is loaded and the other test files run beside it.
 */
export const FIRST_TYPED_LINT = 600_000;
/** One probe once ESLint is warm. */
export const SLOW = 60_000;

/**
 * The errors the named rules report on the probe; `types` lints it with type information. A probe
 * that does not parse fails the test.
 */
export async function probeErrors(
  filePath: string,
  code: string,
  ruleIds: readonly string[],
  { types = false }: { types?: boolean } = {},
): Promise<string[]> {
  const [result] = await linter(types).lintText(code, { filePath });
  const fatal = (result?.messages ?? []).filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`The probe ${filePath} was not linted: ${fatal[0]!.message}`);
  return (result?.messages ?? [])
    .filter((m) => m.severity === 2 && m.ruleId !== null && ruleIds.includes(m.ruleId))
    .map((m) => m.message);
}

/** Loads ESLint and the plugins once, before the probes run; with `types`, the core's program too. */
export async function warmUp({ types = false }: { types?: boolean } = {}): Promise<void> {
  await probeErrors(
    'electron/core/probe.ts',
    "import type { JobStore } from './jobs/job-store.js';\nexport type X = JobStore;\n",
    [],
    { types },
  );
}
