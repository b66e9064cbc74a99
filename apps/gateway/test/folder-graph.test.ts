import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../src');
const RELATIVE_IMPORT = /(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g;

/** For each folder of src, the other folders it imports, each with the files that do. */
function folderGraph(src: string): Map<string, Map<string, Set<string>>> {
  const graph = new Map<string, Map<string, Set<string>>>();
  const folders = readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  for (const folder of folders) {
    const edges = new Map<string, Set<string>>();
    graph.set(folder, edges);
    const files = readdirSync(join(src, folder), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.ts'));
    for (const file of files) {
      const path = join(src, folder, file);
      for (const [, spec] of readFileSync(path, 'utf8').matchAll(
        RELATIVE_IMPORT,
      )) {
        const target = relative(src, resolve(dirname(path), spec)).split(
          sep,
        )[0];
        if (target === folder || !folders.includes(target)) continue;
        edges.set(
          target,
          (edges.get(target) ?? new Set<string>()).add(relative(src, path)),
        );
      }
    }
  }
  return graph;
}

/** A cycle of the graph as its folders (first = last), or undefined. */
function findCycle(graph: Map<string, Iterable<string>>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    const at = path.indexOf(node);
    if (at >= 0) return [...path.slice(at), node];
    if (done.has(node)) return undefined;
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(node);
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('The folders of apps/gateway/src', () => {
  it('import each other without a cycle', () => {
    const graph = folderGraph(SRC);
    const cycle = findCycle(
      new Map([...graph].map(([folder, edges]) => [folder, edges.keys()])),
    );
    const why = cycle?.slice(1).map((to, i) => {
      const from = cycle[i];
      return `${from} -> ${to} (${[...graph.get(from)!.get(to)!].join(', ')})`;
    });
    expect(why).toBeUndefined();
  });

  it('are read as a graph that would show a cycle', () => {
    const graph = folderGraph(SRC);
    expect([...graph.get('live')!.keys()]).toContain('voting');
    expect(
      findCycle(
        new Map([
          ['live', ['voting']],
          ['voting', ['presence']],
          ['presence', ['live']],
        ]),
      ),
    ).toEqual(['live', 'voting', 'presence', 'live']);
    expect(
      findCycle(
        new Map([
          ['live', ['voting', 'presence']],
          ['voting', ['presence']],
          ['presence', []],
        ]),
      ),
    ).toBeUndefined();
  });
});
