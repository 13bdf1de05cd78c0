import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serverEntry = path.join(repoRoot, 'apps/api/src/server.ts');

/** Where a server keeps its data: a PostgreSQL database, or the embedded database in a folder. */
export type ServerData = { databaseUrl: string; dataDir: string } | { dataDir: string };

export type ServerProcess = {
  url: string;
  /** Ends the process with the signal and waits until it is gone; answers its exit code. */
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<number | null>;
};

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

  /** `env`: settings beyond the data's, such as where uploaded files live. */
  async function start(
    data: ServerData,
    tokenSecret: string,
    env: Record<string, string> = {},
  ): Promise<ServerProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        // The system picks a free port as the server binds it, so no other server can hold it.
        PORT: '0',
        DATA_DIR: data.dataDir,
        ...('databaseUrl' in data ? { DATABASE_URL: data.databaseUrl } : {}),
        // A fault server never serves the built SPA or widget: it leaves the repository's builds alone.
        WEB_DIST: path.join(data.dataDir, 'web'),
        WIDGET_DIST: path.join(data.dataDir, 'widget'),
        TOKEN_SECRET: tokenSecret,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.once('exit', () => running.delete(child));
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    // The server prints the address it bound: its standard output up to that line is read whole.
    let printed = '';
    let url: string | undefined;
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      if (url) return;
      printed += chunk.toString();
      url = /^Listening on: +(http:\/\/\S+)\n/m.exec(printed)?.[1];
    });
    child.stderr!.on('data', keep);

    const stop = (signal: 'SIGTERM' | 'SIGKILL') => end(child, signal);
    // A loaded machine takes a while to compile the server and migrate; a crash says why at once.
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
      if (url) {
        const health = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
        if (health?.ok) return { url, stop };
      }
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
