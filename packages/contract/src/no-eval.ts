import { config } from 'zod';

/**
 * Zod builds its object parsers with `new Function` where it may, and probes for that first; under the
 * portal's Content-Security-Policy (no 'unsafe-eval') even the probe is reported as a violation. The
 * portal's entry imports this before anything else, and its page loads `zod-no-eval.js` (the same
 * setting, as a plain script) before any module, since a bundle may evaluate schemas ahead of it.
 */
config({ jitless: true });
