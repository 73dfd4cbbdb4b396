// Compiles test entry scripts (and the core they import) with tsc the way the desktop build does,
// so a bench can measure the core as the app's main process runs it: plain Node, no tsx loader.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

export const ROOT = resolve('.');

/** Compiles `entries` (paths from the project root) into `outDir`; returns each entry's compiled path. */
export async function compileForNode(entries: readonly string[], outDir: string): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'fica-compile-'));
  try {
    const config = join(dir, 'tsconfig.json');
    await writeFile(
      config,
      JSON.stringify({
        extends: join(ROOT, 'electron/tsconfig.build.json'),
        compilerOptions: {
          rootDir: ROOT,
          outDir,
          sourceMap: false,
          typeRoots: [join(ROOT, 'node_modules/@types')],
        },
        include: entries.map((entry) => join(ROOT, entry)),
      }),
    );
    const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', config], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`tsc failed:\n${run.stdout}${run.stderr}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return entries.map((entry) => join(outDir, relative(ROOT, join(ROOT, entry)).replace(/\.ts$/, '.js')));
}
