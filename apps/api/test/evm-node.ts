import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { privateKeyToAccount } from 'viem/accounts';

/** The operator's key on the test node, funded at the node's start. */
export const testOperatorKey = `0x${'4c'.repeat(32)}` as const;
/** Another funded key: someone who is not the operator. */
export const strangerKey = `0x${'5d'.repeat(32)}` as const;

const funded = `0x${(10n ** 22n).toString(16)}`;

/** Foundry's anvil, from the npm package built for this machine (the binary ships in the package). */
function anvilBinary(): string {
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string] ?? process.arch;
  return createRequire(import.meta.url).resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/anvil`);
}

/** Calls the node's JSON-RPC; rejects while nothing answers. */
async function rpc(url: string, method: string, params: unknown[] = []) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

/** Resolves once the node answers, as a client would find it; fails if it has not within a minute. */
async function answering(url: string, exited: () => boolean) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await rpc(url, 'eth_chainId');
    } catch (err) {
      if (exited() || Date.now() > deadline) throw new Error(`the EVM node did not start: ${String(err)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const listen = (server: Server, port: number) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });

/**
 * A real EVM node for a test file: anvil in memory (every hardfork up to the newest, so the whole
 * contract runs), mining each transaction as it comes, reached through a port of its own on the loopback. `stop()` closes that port and drops every
 * connection, as a node that went down (calls are refused); `start()` opens it again on the same
 * port, the chain as it was. `close()` ends it all.
 */
export async function startEvmNode() {
  const probe = createServer();
  const nodePort = await listen(probe, 0);
  await new Promise((resolve) => probe.close(resolve));
  const node = spawn(
    anvilBinary(),
    ['--host', '127.0.0.1', '--port', String(nodePort), '--chain-id', '1337', '--accounts', '0', '--silent'],
    { stdio: 'ignore' },
  );
  let exited = false;
  const gone = new Promise<void>((resolve) => node.once('exit', () => ((exited = true), resolve())));
  const nodeUrl = `http://127.0.0.1:${nodePort}`;
  try {
    await answering(nodeUrl, () => exited);
    for (const key of [testOperatorKey, strangerKey]) {
      await rpc(nodeUrl, 'anvil_setBalance', [privateKeyToAccount(key).address, funded]);
    }
  } catch (err) {
    node.kill('SIGKILL');
    throw err;
  }

  const sockets = new Set<Socket>();
  const door = createServer((client) => {
    const upstream = connect(nodePort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const port = await listen(door, 0);
  const stop = async () => {
    const closed = new Promise((resolve) => door.close(resolve));
    for (const s of sockets) s.destroy();
    await closed;
  };
  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    stop,
    start: () => listen(door, port),
    async close() {
      if (door.listening) await stop();
      node.kill('SIGTERM');
      await gone;
    },
  };
}
