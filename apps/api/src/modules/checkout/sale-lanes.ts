import { createTurns, type Turns } from '../../lib/turns.ts';

/**
 * The sales that cannot go in a batch (`sale-batches.ts`: a seat hold or a promo code) are written
 * one by one, a few at a time per event. Sales of one event take its hot rows (its ticket types, its day) one after another whatever the
 * server does. Sent to the database all at once, each would hold a pooled connection while it waits
 * for the lock, and every other call (price reads, a refused buyer's key, the portal) would queue
 * behind them. So a few sales per event at a time go to the database, enough to overlap one sale's
 * inserts with another's wait for the lock; the rest wait here holding nothing, first come, first
 * served. Eight of the pool's twenty: with 200 buyers on 2 cores, 1 at a time sold 190 a second, 3
 * sold 310 – 350, 8 sold 400 – 415, and 20 (no lanes) 340 – 380 (bench/checkout-rush.ts).
 */
export type SaleLanes = <T>(eventId: number, write: () => Promise<T>, signal?: AbortSignal) => Promise<T>;

/**
 * A buyer who leaves while waiting (`signal`) leaves the line at once: their write runs without a
 * turn, finds them gone before touching the database, and their charge is given back without waiting
 * behind the sales ahead.
 */
export function createSaleLanes(width = 8): SaleLanes {
  const lanes = new Map<number, Turns<null>>();
  return async (eventId, write, signal) => {
    let lane = lanes.get(eventId);
    if (!lane) lanes.set(eventId, (lane = createTurns<null>(width)));
    if (!(await lane.take(null, { signal }))) return write();
    try {
      return await write();
    } finally {
      lane.pass();
      if (lane.idle) lanes.delete(eventId);
    }
  };
}
