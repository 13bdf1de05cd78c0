import { scriptConfig } from './vite.script.ts';

/** One self-contained script for partners' pages: no chunks, no CSS file (styles live in the shadow root). */
export default scriptConfig({
  entry: 'src/embed.ts',
  formats: ['iife'],
  name: 'PartnerPortalWidget',
  fileName: () => 'widget.js',
});
