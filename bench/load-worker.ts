import autocannon from 'autocannon';

/**
 * Runs in its own process (so the load does not share the server's event loop): POSTs JSON bodies
 * to a URL, each body with a unique number where the template says {n}, and prints autocannon's result.
 */
const { url, connections, seconds, requests, body } = JSON.parse(process.argv[2]!) as {
  url: string;
  connections: number;
  seconds?: number;
  requests?: number;
  body: string;
};
let n = 0;
const result = await autocannon({
  url,
  connections,
  ...(seconds ? { duration: seconds } : { amount: requests ?? connections }),
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  requests: [{ setupRequest: (req) => ({ ...req, body: body.replaceAll('{n}', String(n++)) }) }],
});
process.stdout.write(JSON.stringify(result));
