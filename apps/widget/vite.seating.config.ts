import { defineConfig } from 'vite';

/**
 * The seat chooser, a module of its own beside widget.js: only a buyer who opens a seated event
 * loads it (widget.js imports it from the same place), so pages without seating never pay for it.
 */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    target: 'es2020',
    rolldownOptions: { output: { minify: true } },
    lib: {
      entry: 'src/seating/chooser.ts',
      formats: ['es'],
      fileName: () => 'widget-seating.js',
    },
  },
});
