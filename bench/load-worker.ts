import autocannon from 'autocannon';
import { machineBusyMs } from './cpu.ts';
import type { LoadOptions } from './lib.ts';
import { percentiles } from './percentiles.ts';

/**
 * Runs in its own process (so the load does not share the server's event loop) and prints
 * autocannon's result. With bodies, POSTs JSON, taking them in turn, each with a unique number where
 * the template says {n} (and, with `keyed`, an Idempotency-Key of its own, as the widget sends one
 * per press of Pay); without, GETs the URL. Refusals (409) are also timed on their own.
 */
const { url, connections, seconds, requests, body, bodies, keyed, headers, warmupSeconds } = JSON.parse(
  process.argv[2]!,
) as LoadOptions;
const templates = bodies ?? (body ? [body] : []);
let n = 0;
// Answers of 409 (a refusal: sold out, not enough left) timed apart, as a refused buyer waits for them.
const refusals: number[] = [];
const options: autocannon.Options = {
  url,
  connections,
  // A slow answer is still an answer: measured in the latency, not counted as an error.
  timeout: 120,
  ...(seconds ? { duration: seconds } : { amount: requests ?? connections }),
  ...(templates.length
    ? {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        requests: [
          {
            setupRequest: (req) => {
              const i = n++;
              return {
                ...req,
                body: templates[i % templates.length]!.replaceAll('{n}', String(i)),
                ...(keyed ? { headers: { ...req.headers, 'idempotency-key': `bench-${process.pid}-${i}` } } : {}),
              };
            },
          },
        ],
      }
    : { method: 'GET', headers }),
};
const run = (opts: autocannon.Options, timed: boolean) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(opts, (err, done) => (err ? reject(err) : resolve(done)));
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (timed && status === 409) refusals.push(responseTime);
    });
  });
if (warmupSeconds) await run({ ...options, amount: undefined, duration: warmupSeconds }, false);
// The machine's CPU over the run alone: this process's start, autocannon's loading and the warm-up left out.
const busyBefore = machineBusyMs();
const result = await run(options, true);
const busyMs = machineBusyMs() - busyBefore;
process.stdout.write(
  JSON.stringify({
    ...result,
    busyMs,
    refusals: { count: refusals.length, ...percentiles(refusals) },
  }),
);
