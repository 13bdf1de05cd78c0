import { connect } from 'node:net';

/**
 * The services the multi-process suites need beyond the embedded database: PostgreSQL (two API
 * processes on one database, a server killed mid-rush) and Redis (rate limits shared by processes).
 * They run on every machine this project is tested on (`.ci/run` starts them when they are not
 * running); a suite never skips itself for want of one, it fails saying which one to start.
 */
export const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Resolves once the service at `url` accepts a connection; fails loudly, naming it, when it does not. */
export function requireService(name: 'PostgreSQL' | 'Redis', url: string): Promise<void> {
  const { hostname: host, port } = new URL(url);
  const at = { host, port: Number(port) || (name === 'Redis' ? 6379 : 5432) };
  return new Promise((resolve, reject) => {
    const socket = connect(at, () => {
      socket.end();
      resolve();
    });
    socket.on('error', (err) =>
      reject(new Error(`${name} is not answering at ${host}:${at.port} (${err.message}): start it, as .ci/run does.`)),
    );
  });
}
