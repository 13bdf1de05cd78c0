import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * The production server as one ES module: our code and the shared contract compiled in, every npm
 * package left to Node to load from node_modules (native addons and PGlite's WebAssembly find their
 * files there). The bundle sits at the same depth as `src/`, so paths it resolves from its own
 * address (the repository's data and dist folders, the migrations copied beside it) are the same.
 */
const apiRoot = path.resolve(import.meta.dirname, '..');
const outdir = path.join(apiRoot, 'dist');

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(apiRoot, 'src/server.ts')],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(plugin) {
        plugin.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
await cp(path.join(apiRoot, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
