import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

/**
 * What a test reads of an answer, the same whether it came from `inject` or over the network (`error`
 * is there on refusals only, where the tests read it).
 */
export type Answer = { statusCode: number; body: string; json(): { data?: unknown; error: { message: string } } };
export type Call = { method?: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object; remoteAddress?: string };

/**
 * The API started as a process of its own (`src/server.ts`, as production starts it) on a database
 * another instance of the test uses, reached over HTTP. `inject` answers as Fastify's does; a call's
 * `remoteAddress` 10.a.b.c leaves from the loopback address 127.a.b.c, so the server tells buyers apart
 * as it would tell real addresses apart.
 */
export async function serverProcess(databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-process-'));
  const child = spawn(process.execPath, ['--import', 'tsx', server], {
    // Only what the test sets: a developer's mail server, payment keys or Redis never reach it.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      SESSION_CACHE: 'false',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TOKEN_SECRET: 'a-test-secret-of-at-least-thirty-two-characters',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await ended;
    rmSync(dataDir, { recursive: true, force: true });
  };
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const gaveUp = setTimeout(() => reject(new Error(`the server process did not start:\n${output}`)), 45_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Listening on:\s+http:\/\/[^:]+:(\d+)/.exec(output);
      if (!listening) return;
      clearTimeout(gaveUp);
      resolve(Number(listening[1]));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', reject);
    void ended.then(() => reject(new Error(`the server process ended:\n${output}`)));
  }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });

  const inject = ({ method = 'GET', url, payload, remoteAddress }: Call) =>
    new Promise<Answer>((resolve, reject) => {
      const body = payload === undefined ? undefined : JSON.stringify(payload);
      const call = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: url,
          localAddress: remoteAddress?.replace(/^10\./, '127.'),
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({
              statusCode: res.statusCode ?? 0,
              body: text,
              json: () => JSON.parse(text) as ReturnType<Answer['json']>,
            }),
          );
        },
      );
      call.on('error', reject);
      call.end(body);
    });

  return { inject, close: stop };
}
