/**
 * Sales of one event take its hot rows (its ticket types, its day) one after another whatever the
 * server does. Sent to the database all at once, each would hold a pooled connection while it waits
 * for the lock, and every other call (price reads, a refused buyer's key, the portal) would queue
 * behind them. So a few sales per event at a time go to the database, enough to overlap one sale's
 * inserts with another's wait for the lock; the rest wait here holding nothing, first come, first
 * served. Eight of the pool's twenty: with 200 buyers on 2 cores, 1 at a time sold 190 a second, 3
 * sold 310 – 350, 8 sold 400 – 415, and 20 (no lanes) 340 – 380 (bench/checkout-rush.ts).
 */
export type SaleLanes = <T>(eventId: number, write: () => Promise<T>) => Promise<T>;

export function createSaleLanes(width = 8): SaleLanes {
  const lanes = new Map<number, { writing: number; waiting: (() => void)[] }>();
  return async (eventId, write) => {
    let lane = lanes.get(eventId);
    if (!lane) lanes.set(eventId, (lane = { writing: 0, waiting: [] }));
    if (lane.writing >= width) await new Promise<void>((go) => lane.waiting.push(go));
    else lane.writing += 1;
    try {
      return await write();
    } finally {
      // The turn passes straight to the next in line, so the count of writers stays the same.
      const next = lane.waiting.shift();
      if (next) next();
      else if (--lane.writing === 0) lanes.delete(eventId);
    }
  };
}
