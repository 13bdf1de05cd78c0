import { defineConfig } from 'vite';

/** One self-contained script for partners' pages: no chunks, no CSS file (styles live in the shadow root). */
export default defineConfig({
  build: {
    outDir: 'dist',
    // widget-seating.js, built by the other config, lives beside it.
    emptyOutDir: false,
    sourcemap: false,
    target: 'es2020',
    lib: {
      entry: 'src/embed.ts',
      formats: ['iife'],
      name: 'PartnerPortalWidget',
      fileName: () => 'widget.js',
    },
  },
});
