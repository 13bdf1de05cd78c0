import pg from 'pg';

/**
 * Hears a channel's NOTIFYs. `live(true)` says messages will now arrive; `live(false)` that some may be
 * missed (the connection dropped), so whoever caches on the strength of them must stop until it is
 * live again. Answers a function that stops listening.
 */
export type Listen = (
  channel: string,
  onMessage: (payload: string) => void,
  live: (on: boolean) => void,
) => Promise<() => Promise<void>>;

const RECONNECT_MS = 1000;

/** PostgreSQL: one connection of its own, outside the pool, opened again whenever it drops. */
export function pgListen(url: string): Listen {
  return async (channel, onMessage, live) => {
    let stopped = false;
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      const c = new pg.Client({ connectionString: url });
      client = c;
      c.on('notification', (m) => {
        if (m.channel === channel) onMessage(m.payload ?? '');
      });
      c.on('error', () => undefined);
      c.on('end', () => {
        live(false);
        if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
      });
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      live(true);
    };
    await connect().catch(() => {
      live(false);
      retry = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
    });
    return async () => {
      stopped = true;
      clearTimeout(retry);
      live(false);
      await client?.end().catch(() => undefined);
    };
  };
}
