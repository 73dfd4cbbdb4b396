// `npm run lint` runs knip with the repository's knip.jsonc: an export nothing imports, a file
// nothing reaches and a dependency nothing uses fail it. The probe is a small project laid out like
// this one (the core, the Electron main process that uses it, a test) under the same configuration.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface KnipIssue {
  file: string;
  exports: Array<{ name: string }>;
  dependencies: Array<{ name: string }>;
  files?: Array<{ name: string }>;
}

const repository = process.cwd();
let project: string;
let issues: KnipIssue[];

function write(file: string, text: string): void {
  mkdirSync(dirname(join(project, file)), { recursive: true });
  writeFileSync(join(project, file), text);
}

function reported(kind: 'exports' | 'dependencies', name: string): string[] {
  return issues.filter((issue) => issue[kind].some((i) => i.name === name)).map((issue) => issue.file);
}

// knip parses every file of the probe project and loads its plugins: seconds, more on a loaded machine.
const KNIP = 120_000;

describe('dead code fails lint', () => {
  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'fica-knip-probe-'));
    write('knip.jsonc', readFileSync(join(repository, 'knip.jsonc'), 'utf8'));
    write(
      'package.json',
      JSON.stringify({
        name: 'knip-probe',
        private: true,
        type: 'module',
        dependencies: { zod: '^4.0.0', 'left-pad': '^1.3.0' },
        devDependencies: { vitest: '^4.0.0' },
      }),
    );
    write(
      'electron/core/sync/record.ts',
      [
        'export function need(value: string | null): string {',
        "  if (value === null) throw new Error('missing');",
        '  return value;',
        '}',
        'export function requireCaseKind(kind: string): void {',
        "  if (kind !== 'entity') throw new Error(kind);",
        '}',
        'export function onlyTestsUse(): number {',
        '  return 1;',
        '}',
        'export const USED_IN_ITS_FILE = 2;',
        'export const twice = () => USED_IN_ITS_FILE * 2;',
        '',
      ].join('\n'),
    );
    write('electron/core/unreached.ts', 'export const nobody = 1;\n');
    write(
      'electron/main/index.ts',
      "import { z } from 'zod';\nimport { need, twice } from '../core/sync/record.js';\nconsole.log(need(z.string().parse('x')), twice());\n",
    );
    write(
      'test/unit/record.test.ts',
      "import { expect, it } from 'vitest';\nimport { onlyTestsUse } from '../../electron/core/sync/record.js';\nit('runs', () => expect(onlyTestsUse()).toBe(1));\n",
    );
    const knip = spawnSync(
      join(repository, 'node_modules/.bin/knip'),
      ['--directory', project, '--reporter', 'json', '--no-progress', '--no-config-hints', '--no-exit-code'],
      { encoding: 'utf8', timeout: KNIP },
    );
    if (knip.status !== 0) throw new Error(`knip did not run: ${knip.error?.message ?? knip.stderr}`);
    issues = (JSON.parse(knip.stdout) as { issues: KnipIssue[] }).issues;
  }, KNIP);

  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('reports an export nothing imports', () => {
    expect(reported('exports', 'requireCaseKind')).toEqual(['electron/core/sync/record.ts']);
  });

  it('reports a file nothing reaches', () => {
    expect(issues.flatMap((issue) => issue.files ?? []).map((f) => f.name)).toContain(
      'electron/core/unreached.ts',
    );
  });

  it('reports a dependency nothing uses, and not one the code imports', () => {
    expect(reported('dependencies', 'left-pad')).toEqual(['package.json']);
    expect(reported('dependencies', 'zod')).toEqual([]);
  });

  it('counts a use by a test, and a use inside the exporting file, as a use', () => {
    expect(reported('exports', 'onlyTestsUse')).toEqual([]);
    expect(reported('exports', 'USED_IN_ITS_FILE')).toEqual([]);
    expect(reported('exports', 'need')).toEqual([]);
  });
});
