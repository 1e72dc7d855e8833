import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The feature modules (one folder each under src/modules) depend on each other in one direction
// only: no chain of imports leads from a module back to itself. Type-only imports count too: a
// cycle of types is a cycle of knowledge all the same. Tests beside the code are left out.

const MODULES = path.dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every source file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The module a path under src/modules belongs to (its first folder), or null outside. */
function moduleOf(file: string): string | null {
  const rel = path.relative(MODULES, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [first, ...rest] = rel.split(path.sep);
  return rest.length > 0 ? first! : null;
}

/** The imports between modules in `files`: from module, to module, and the files that import. */
function moduleGraph(files: { file: string; text: string }[]): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const { file, text } of files) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3]!;
      if (!spec.startsWith('.')) continue;
      const to = moduleOf(path.resolve(path.dirname(file), spec));
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const edges = graph.get(from)!;
      edges.set(to, [...(edges.get(to) ?? []), path.relative(MODULES, file)]);
    }
  }
  return graph;
}

/** One cycle of the graph as the list of its modules (the first repeated at the end), or null. */
function findCycle(graph: Map<string, Map<string, string[]>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

describe('imports between modules', () => {
  it('finds a cycle where there is one, with type imports and re-exports too', () => {
    const at = (rel: string) => path.join(MODULES, rel);
    const graph = moduleGraph([
      { file: at('a/a.service.ts'), text: "import { b } from '../b/b.service.ts';\nimport './a.queries.ts';" },
      { file: at('b/b.service.ts'), text: "import type {\n  C,\n} from '../c/c.ts';" },
      { file: at('c/c.ts'), text: "export { a } from '../a/a.queries.ts';" },
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(moduleGraph([{ file: at('a/a.ts'), text: "import { b } from '../b/b.ts';" }]))).toBeNull();
  });

  it('never lead from a module back to itself', () => {
    const graph = moduleGraph(sourceFiles(MODULES).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') })));
    expect(graph.size).toBeGreaterThan(10); // the parser reads the real imports
    const cycle = findCycle(graph);
    const how = cycle?.slice(1).map((to, i) => `${cycle[i]} -> ${to} (${graph.get(cycle[i]!)!.get(to)!.join(', ')})`);
    expect(how ?? []).toEqual([]);
  });
});
