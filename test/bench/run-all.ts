// Runs every test/bench/*.bench.ts in sequence, each in its own process so one benchmark's memory
// does not blur another's peak RSS, with --expose-gc so a benchmark can start a phase from a clean heap. Add a benchmark by adding a file; it prints its own figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((wanted) => name.includes(wanted)))
  .sort();

const failed: string[] = [];
for (const name of files) {
  const file = join(here, name);
  console.log(`\n▶ ${relative(process.cwd(), file)}`);
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', file], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(name);
}

console.log(
  `\n${files.length - failed.length}/${files.length} benchmarks passed${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
);
process.exitCode = failed.length ? 1 : 0;
