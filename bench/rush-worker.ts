import net from 'node:net';
import { machineBusyMs } from './cpu.ts';
import { percentiles } from './percentiles.ts';

export type RushOptions = {
  url: string;
  /** What each buyer's page read first over its connection (a path, GET), as the widget reads prices. */
  page: string;
  /** One request per buyer, each on a connection of its own. */
  buyers: number;
  /**
   * With this, each connection buys again as soon as it is answered, until this many seconds have
   * passed: a sustained rush over connections that were open before it began.
   */
  seconds?: number;
  /** Bodies taken in turn, `{n}` replaced by the buyer's number. */
  bodies: string[];
};

export type RushResult = {
  statuses: Record<string, number>;
  errors: number;
  duration: number;
  latency: { p50: number; p99: number };
  refusals: { count: number; p50: number; p99: number };
  /** The machine's busy CPU time from the purchases' first write to their last answer (`machineBusyMs`). */
  busyMs: number;
};

/** Writes one request and reads its answer (headers and a `content-length` body): its status, or null when the connection failed. */
function exchange(socket: net.Socket, request: string) {
  return new Promise<string | null>((resolve) => {
    let received = '';
    const finish = (status: string | null) => {
      socket.removeListener('data', onData);
      socket.removeListener('close', onClose);
      resolve(status);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      if (/transfer-encoding:/i.test(received.slice(0, headEnd))) throw new Error('an answer without a length');
      const length = Number(/content-length: *(\d+)/i.exec(received.slice(0, headEnd))?.[1] ?? 0);
      if (received.length - headEnd - 4 >= length) finish(received.slice(9, 12));
    };
    const onClose = () => finish(null);
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.write(request);
  });
}

/**
 * A rush as buyers already on the page make it: every buyer's connection is open, and has carried
 * the page's read (so the server has taken it in), before anyone presses Pay; then all the requests
 * leave at once. Each answer is timed from its own request's write, so what is measured is the
 * server, not how fast one process on the same cores opens a thousand connections (autocannon opens
 * them as part of its run). Runs in a process of its own, like `load-worker.ts`, and prints its
 * result as JSON.
 */
async function rush({ url, page, buyers, bodies, seconds }: RushOptions): Promise<RushResult> {
  const { hostname, port, pathname } = new URL(url);
  const host = `host: ${hostname}:${port}\r\n`;
  const sockets = await Promise.all(
    Array.from(
      { length: buyers },
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect({ host: hostname, port: Number(port), noDelay: true }, () => resolve(socket));
          socket.on('error', reject);
        }),
    ),
  );
  const read = await Promise.all(sockets.map((socket) => exchange(socket, `GET ${page} HTTP/1.1\r\n${host}\r\n`)));
  if (read.some((status) => status !== '200')) throw new Error(`the page's read failed: ${read.join(' ')}`);

  const requestOf = (i: number) => {
    const body = bodies[i % bodies.length]!.replaceAll('{n}', String(i));
    return (
      `POST ${pathname} HTTP/1.1\r\n${host}content-type: application/json\r\n` +
      `idempotency-key: rush-${process.pid}-${i}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
    );
  };
  // Each buyer's first request is written before the clock starts; a sustained rush writes the next
  // ones as it goes.
  const requests = sockets.map((_, i) => requestOf(i));
  let sent = buyers;
  const statuses: Record<string, number> = {};
  const times: number[] = [];
  const refused: number[] = [];
  let errors = 0;
  const busyBefore = machineBusyMs();
  const started = performance.now();
  const until = started + (seconds ?? 0) * 1000;
  await Promise.all(
    sockets.map(async (socket, i) => {
      let request = requests[i]!;
      for (;;) {
        const sentAt = performance.now();
        const status = await exchange(socket, request);
        const took = performance.now() - sentAt;
        if (status === null) errors += 1;
        else {
          statuses[status] = (statuses[status] ?? 0) + 1;
          times.push(took);
          if (status === '409') refused.push(took);
        }
        if (status === null || performance.now() >= until) break;
        request = requestOf(sent++);
      }
      socket.destroy();
    }),
  );
  return {
    statuses,
    errors,
    busyMs: machineBusyMs() - busyBefore,
    duration: (performance.now() - started) / 1000,
    latency: percentiles(times),
    refusals: { count: refused.length, ...percentiles(refused) },
  };
}

process.stdout.write(JSON.stringify(await rush(JSON.parse(process.argv[2]!) as RushOptions)));
