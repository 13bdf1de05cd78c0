/**
 * The portal's first-visit JavaScript per route: builds the SPA with Vite's manifest and, for each
 * route of apps/web/src/app/router.tsx, adds up what a first visit downloads (the entry chunk and its
 * static imports, plus the route's lazy chunk and its static imports), gzipped as our server would
 * send it. Budget: the first screen at most 200 KB gzip.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const firstScreenBudgetBytes = 200 * 1024;

type Chunk = { file: string; name?: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, Chunk>;

/**
 * Builds the SPA into a folder of its own (so parallel builds never collide), with the compressed
 * copies the portal's build writes, and answers the folder.
 */
export function buildWeb(outDir = mkdtempSync(path.join(tmpdir(), 'portal-web-'))) {
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest'], {
    cwd: web,
    stdio: 'ignore',
  });
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/precompress.ts', outDir], { cwd: root, stdio: 'ignore' });
  return outDir;
}

/** Each route's path and the module its `lazy` imports, in the router's order. */
function routes() {
  const source = readFileSync(path.join(web, 'src/app/router.tsx'), 'utf8');
  const found: { route: string; module: string }[] = [];
  // A route's loader and error boundary, when it has them, stand between its path and its lazy import.
  const pattern =
    /path: '([^']+)',(?:\s*(?:loader|ErrorBoundary): [^\n]*,)*\s*lazy: async \(\) => \(\{\s*Component: \(await import\('([^']+)'\)\)/g;
  for (const [, route, specifier] of source.matchAll(pattern)) {
    found.push({ route: route!, module: path.posix.join('src/app', specifier!) });
  }
  const lazy = source.match(/\blazy:/g)?.length ?? 0;
  if (found.length === 0 || found.length !== lazy) {
    throw new Error(`router.tsx has ${lazy} lazy routes; ${found.length} were read`);
  }
  return found;
}

/** The chunk and everything it imports statically, each once. */
function closure(manifest: Manifest, key: string, into = new Set<string>()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const child of manifest[key]?.imports ?? []) closure(manifest, child, into);
  return into;
}

export function benchWebBundle(outDir = buildWeb()) {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const gzipOf = new Map<string, number>();
  const size = (key: string) => {
    const file = manifest[key]!.file;
    if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(readFileSync(path.join(outDir, file)), { level: 6 }).length);
    return gzipOf.get(file)!;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const entry = closure(manifest, entryKey);
  const entryBytes = [...entry].reduce((sum, k) => sum + size(k), 0);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const lines = [
    `entry (${entry.size} chunks, shared by every route): ${kb(entryBytes)} gzip; largest: ${[...entry]
      .sort((a, b) => size(b) - size(a))
      .slice(0, 3)
      .map((k) => `${manifest[k]!.file.replace('assets/', '')} ${kb(size(k))}`)
      .join(', ')}`,
  ];
  const perRoute = routes().map(({ route, module }) => {
    if (!manifest[module]) throw new Error(`${module} is not in the build manifest`);
    const all = closure(manifest, module, new Set(entry));
    const bytes = [...all].reduce((sum, k) => sum + size(k), 0);
    return { route, bytes, chunks: all.size };
  });
  for (const r of perRoute) {
    lines.push(
      `${r.route}: ${kb(r.bytes)} gzip in ${r.chunks} chunks (+${kb(r.bytes - entryBytes)} over the entry)` +
        ` (budget ${kb(firstScreenBudgetBytes)}: ${r.bytes <= firstScreenBudgetBytes ? 'met' : 'EXCEEDED'})`,
    );
  }
  return { lines, perRoute, outDir };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { lines, perRoute } = benchWebBundle();
  for (const line of lines) console.log(`  ${line}`);
  if (perRoute.some((r) => r.bytes > firstScreenBudgetBytes)) process.exitCode = 1;
}
