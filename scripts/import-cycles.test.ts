import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-cycles.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('import cycles', () => {
  it('finds none in the apps and the contract', () => {
    // The working tree as it stands: new files count before they are committed, deleted ones no longer do.
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'apps', 'packages'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /\.tsx?$/.test(file) && existsSync(path.join(root, file)));
    const cycles = importCycles(importGraph(root, files));
    expect(cycles.map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('finds a cycle through value imports, and not one through type imports alone', () => {
    const sources: Record<string, string> = {
      'm/a.ts': "import { b } from './b.ts';\nexport const a = b;",
      'm/b.ts': "import { c } from '../n/c.ts';\nexport const b = c;",
      'n/c.ts': "export { a as c } from '../m/a.ts';",
      'm/d.ts': "import type { e } from './e.ts';\nexport const d = 1 as unknown as e;",
      'm/e.ts': "import { d } from './d.ts';\nexport type e = typeof d;",
    };
    const graph = importGraph('.', Object.keys(sources), (file) => sources[file]!);
    expect(importCycles(graph)).toEqual([['m/a.ts', 'm/b.ts', 'n/c.ts', 'm/a.ts']]);
  });
});
