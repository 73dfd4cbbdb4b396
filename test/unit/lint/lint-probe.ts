// Lints a probe: code linted as if it were the file named, though no such file is on disk. The rule
// that follows types (jobs/one-deleter) needs every file it reads in a TypeScript project; a probe's
// file is in none, so probes get the default project with tsconfig.node.json's compiler options.
// Everything else is the repository's own eslint.config.js.
import { ESLint } from 'eslint';

const PROBE_FILES = [
  'electron/*/probe.ts',
  'electron/*/*/probe.ts',
  'electron/*/*/*/probe.ts',
  'test/unit/electron/probe.ts',
];

const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [
    {
      files: ['electron/**/*.ts', 'test/**/electron/**/*.ts'],
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

/**
 * ESLint and typescript-eslint load on first use, and the first typed file builds a TypeScript
 * program of the core: tens of seconds on a loaded two-core machine.
 */
export const FIRST_LINT = 240_000;
/** One probe once ESLint is warm. */
export const SLOW = 60_000;

/** The errors the named rules report on the probe. A probe that does not parse fails the test. */
export async function probeErrors(
  filePath: string,
  code: string,
  ruleIds: readonly string[],
): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = (result?.messages ?? []).filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`The probe ${filePath} was not linted: ${fatal[0]!.message}`);
  return (result?.messages ?? [])
    .filter((m) => m.severity === 2 && m.ruleId !== null && ruleIds.includes(m.ruleId))
    .map((m) => m.message);
}

/** Loads ESLint, the plugins and the core's TypeScript program once, before the probes run. */
export async function warmUp(): Promise<void> {
  await probeErrors(
    'electron/core/probe.ts',
    "import type { JobStore } from './sync/job-store.js';\nexport type X = JobStore;\n",
    [],
  );
}
