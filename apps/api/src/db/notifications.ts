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
/** An idle connection can die unseen (a NAT or a failover drops it): a query this often proves it alive. */
const HEARTBEAT_MS = 15_000;

/** PostgreSQL: one connection of its own, outside the pool, opened again whenever it drops. */
export function pgListen(url: string): Listen {
  return async (channel, onMessage, live) => {
    let stopped = false;
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;
    let heartbeat: NodeJS.Timeout | undefined;

    const lost = (c: pg.Client) => {
      if (client !== c) return;
      client = null;
      clearInterval(heartbeat);
      live(false);
      void c.end().catch(() => undefined);
      if (!stopped && !retry) {
        retry = setTimeout(() => {
          retry = undefined;
          void connect();
        }, RECONNECT_MS);
      }
    };

    const connect = async () => {
      const c = new pg.Client({ connectionString: url, keepAlive: true });
      client = c;
      c.on('notification', (m) => {
        if (m.channel === channel) onMessage(m.payload ?? '');
      });
      c.on('error', () => lost(c));
      c.on('end', () => lost(c));
      try {
        await c.connect();
        await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch {
        lost(c);
        return;
      }
      if (client !== c) return;
      heartbeat = setInterval(() => void c.query('select 1').catch(() => lost(c)), HEARTBEAT_MS);
      heartbeat.unref();
      live(true);
    };

    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      live(false);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    };
  };
}
