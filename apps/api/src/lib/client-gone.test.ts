import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { clientGone } from './client-gone.ts';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done)))));

type Handler = (req: IncomingMessage, res: ServerResponse, hangUp: () => Promise<void>) => Promise<void>;

/**
 * One request with a body, handed to `handle` once the body is read (as the framework reads it, which
 * leaves the request itself destroyed); `hangUp` closes the client's connection and resolves once the
 * server has seen it close.
 */
async function oneRequest(handle: Handler) {
  const server = createServer(async (req, res) => {
    for await (const _ of req);
    await handle(req, res, async () => {
      client.destroy();
      while (!req.socket.destroyed) await new Promise((resolve) => setImmediate(resolve));
    });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
  client.on('error', () => {});
  client.write('POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}');
}

it('aborts when the connection closes while the request is being worked on', async () => {
  const aborted = new Promise<boolean>((done) =>
    oneRequest(async (req, res, hangUp) => {
      const signal = clientGone(req, res);
      expect(signal.aborted).toBe(false);
      signal.addEventListener('abort', () => done(true));
      await hangUp();
    }),
  );
  expect(await aborted).toBe(true);
});

it('aborts at once when the connection closed before the handler asked, as on a busy server', async () => {
  const aborted = new Promise<boolean>((done) =>
    oneRequest(async (req, res, hangUp) => {
      await hangUp();
      done(clientGone(req, res).aborted);
    }),
  );
  expect(await aborted).toBe(true);
});

it('does not abort once the answer was written', async () => {
  const signal = new Promise<AbortSignal>((done) =>
    oneRequest(async (req, res, hangUp) => {
      const left = clientGone(req, res);
      await new Promise<void>((written) => res.end('ok', written));
      await hangUp();
      done(left);
    }),
  );
  expect((await signal).aborted).toBe(false);
});
