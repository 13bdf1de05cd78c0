import { defineConfig } from 'vite';

/** One self-contained script for partners' pages: no chunks, no CSS file (styles live in the shadow root). */
export default defineConfig({
  build: {
    outDir: 'dist',
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
