import { scriptConfig } from './vite.script.ts';

/**
 * The seat chooser, a module of its own beside widget.js: only a buyer who opens a seated event
 * loads it (widget.js imports it from the same place), so pages without seating never pay for it.
 */
export default scriptConfig(
  { entry: 'src/seating/chooser.ts', formats: ['es'], fileName: () => 'widget-seating.js' },
  { rolldownOptions: { output: { minify: true } } },
);
