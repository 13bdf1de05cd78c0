import autocannon from 'autocannon';
import type { LoadOptions } from './lib.ts';

/**
 * Runs in its own process (so the load does not share the server's event loop) and prints
 * autocannon's result. With a body, POSTs JSON, each body with a unique number where the template
 * says {n}; without one, GETs the URL.
 */
const { url, connections, seconds, requests, body, headers } = JSON.parse(process.argv[2]!) as LoadOptions;
let n = 0;
const result = await autocannon({
  url,
  connections,
  // A slow answer is still an answer: measured in the latency, not counted as an error.
  timeout: 120,
  ...(seconds ? { duration: seconds } : { amount: requests ?? connections }),
  ...(body
    ? {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        requests: [{ setupRequest: (req) => ({ ...req, body: body.replaceAll('{n}', String(n++)) }) }],
      }
    : { method: 'GET', headers }),
});
process.stdout.write(JSON.stringify(result));
