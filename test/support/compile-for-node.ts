// Compiles test entry scripts (and the core they import) with tsc the way the desktop build and
// `npm run start:web` do (scripts/build-web.mjs), so a bench measures the core as the app runs it:
// plain Node, no tsx loader.
import { ROOT, compileForNode as compile } from '../../scripts/build-web.mjs';

export { ROOT };

/** Compiles `entries` (paths from the project root) into `outDir`; returns each entry's compiled path. */
export async function compileForNode(entries: readonly string[], outDir: string): Promise<string[]> {
  return compile(entries, outDir, { quiet: true });
}
