import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serverEntry = path.join(repoRoot, 'apps/api/src/server.ts');

/** Where a server keeps its data: a PostgreSQL database, or the embedded database in a folder. */
export type Storage = { databaseUrl: string; dataDir: string } | { dataDir: string };

export type ServerProcess = {
  url: string;
  /** Ends the process with the signal and waits until it is gone; answers its exit code. */
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<number | null>;
};

/** A port nobody listens on right now: the system picks one for a listener that closes at once. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Sends the signal and waits until the process is gone; answers its exit code. */
function end(child: ChildProcess, signal: NodeJS.Signals) {
  const gone = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  child.kill(signal);
  return gone;
}

/**
 * Starts real API processes (`node --import tsx apps/api/src/server.ts`) and ends every one still
 * running on `stopAll`, so a failed test never leaves a server behind.
 */
export function serverProcesses() {
  const running = new Set<ChildProcess>();

  async function start(storage: Storage, tokenSecret: string): Promise<ServerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: storage.dataDir,
        ...('databaseUrl' in storage ? { DATABASE_URL: storage.databaseUrl } : {}),
        TOKEN_SECRET: tokenSecret,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.once('exit', () => running.delete(child));
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);

    const url = `http://127.0.0.1:${port}`;
    const stop = (signal: 'SIGTERM' | 'SIGKILL') => end(child, signal);
    // A loaded machine takes a while to compile the server and migrate; a crash says why at once.
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
      const health = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
      if (health?.ok) return { url, stop };
      if (Date.now() > deadline) {
        await stop('SIGKILL');
        throw new Error(`the server did not answer /api/health within 90 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async function stopAll() {
    await Promise.all([...running].map((child) => end(child, 'SIGKILL')));
  }

  return { start, stopAll };
}
