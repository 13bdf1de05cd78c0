import { defineConfig, type BuildEnvironmentOptions, type LibraryOptions } from 'vite';

/**
 * One of the widget's scripts, built into dist beside the other: neither build empties the folder,
 * so either can be built again alone.
 */
export const scriptConfig = (lib: LibraryOptions, build: BuildEnvironmentOptions = {}) =>
  defineConfig({
    build: { outDir: 'dist', emptyOutDir: false, sourcemap: false, target: 'es2020', ...build, lib },
  });
