// Zod takes its settings from this object when it loads. Set here, by a plain script that runs before
// any module of the portal, no schema is ever built with Zod's compiler, which uses `new Function`:
// under the portal's Content-Security-Policy (no 'unsafe-eval') even Zod's probe for it is reported as
// a violation, and the bundler may evaluate the contract's schemas before the entry's first import.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
