// The core's folders import downwards only (docs/core.md): no folder imports a folder that imports
// it back, directly or round a longer loop. Every import counts, types too: a folder that needs
// another's type to compile still depends on it. Each file directly under electron/core is a node of
// its own, as is each folder.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CORE = resolve('electron/core');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The folder (or the file, directly under electron/core) a file belongs to. */
function nodeOf(file: string): string {
  const [first, ...rest] = relative(CORE, file).split('/');
  return rest.length > 0 ? `${first}/` : first!;
}

/** Each arrow from one folder to another, with the file imports that make it. */
function arrows(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sources(CORE)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName.replace(/\.js$/, '.ts'));
      if (!target.startsWith(CORE + '/')) continue;
      const from = nodeOf(file);
      const to = nodeOf(target);
      if (from === to) continue;
      const out = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, out);
      out.set(to, [...(out.get(to) ?? []), `${relative(CORE, file)} → ${relative(CORE, target)}`]);
    }
  }
  return graph;
}

/** The arrows that run back up: those whose target reaches their source again. */
function arrowsBackUp(graph: Map<string, Map<string, string[]>>): string[] {
  const reaches = (from: string, to: string): boolean => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node === to) return true;
      if (seen.has(node)) continue;
      seen.add(node);
      stack.push(...(graph.get(node)?.keys() ?? []));
    }
    return false;
  };
  return [...graph].flatMap(([from, out]) =>
    [...out].filter(([to]) => reaches(to, from)).flatMap(([, imports]) => imports),
  );
}

describe("the core's folders", () => {
  it('import one another without a loop', () => {
    const graph = arrows();
    // The walk finds the arrows at all: the root imports its wiring.
    expect(graph.get('index.ts')?.has('wiring/')).toBe(true);
    expect(arrowsBackUp(graph)).toEqual([]);
  });
});
