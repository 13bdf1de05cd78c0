import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Relative imports a module runs (type-only imports vanish from the built code, so they are left out). */
const valueImports = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'(\.{1,2}\/[^']+)'/gm;

/** Each file's relative value imports among `files` (paths relative to `root`). */
export function importGraph(
  root: string,
  files: readonly string[],
  read = (file: string) => readFileSync(path.join(root, file), 'utf8'),
) {
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      [...read(file).matchAll(valueImports)]
        .map((match) => path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!)))
        .filter((target) => known.has(target)),
    ]),
  );
}

/** Every cycle a depth-first walk meets, each as the files in import order, the first repeated last. */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const cycles: string[][] = [];
  const walk = (file: string) => {
    state.set(file, 'open');
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...trail.slice(trail.indexOf(next)), next]);
      else if (!state.has(next)) walk(next);
    }
    trail.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) walk(file);
  return cycles;
}
