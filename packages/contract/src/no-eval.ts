import { config } from 'zod';

/**
 * Zod builds its object parsers with `new Function` where it may, and probes for that first; under the
 * portal's Content-Security-Policy (no 'unsafe-eval') even the probe is reported as a violation. The
 * portal's entry imports this before anything else, so no schema is built with the compiler on.
 */
config({ jitless: true });
