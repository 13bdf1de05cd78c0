/**
 * What this process last saw left of a ticket type or a day, for a moment. In a rush for the last
 * tickets most buyers ask for more than is left: they hear "sold out" at once instead of queueing for
 * a connection behind the sales. Only ever errs towards refusing, and only for `ttlMs` after stock
 * comes back (a refund, a raised amount): a buyer refused then can press Pay again a second later.
 */
export type StockMemo = {
  /** True when less than `wanted` was seen left within the last moment. */
  lacks(key: string, wanted: number): boolean;
  /** Records what a read or a refused guard showed to be left (at most). */
  saw(key: string, left: number): void;
  /**
   * Runs a look at the stock when its turn comes: at most `lookers` at once, first come first served.
   * A rush arrives all at once, before any look has answered; queued here rather than in the
   * connection pool, each buyer can still be refused by what the looks before theirs saw.
   */
  look<T>(read: () => Promise<T>): Promise<T>;
};

export function createStockMemo(ttlMs = 1000, now = () => Date.now(), lookers = 8): StockMemo {
  const seen = new Map<string, { left: number; at: number }>();
  const waiting: (() => void)[] = [];
  let looking = 0;
  return {
    async look(read) {
      if (looking >= lookers) await new Promise<void>((turn) => waiting.push(turn));
      else looking += 1;
      try {
        return await read();
      } finally {
        // The turn passes straight to the next in line, so the count of lookers stays the same.
        const next = waiting.shift();
        if (next) next();
        else looking -= 1;
      }
    },
    lacks(key, wanted) {
      const last = seen.get(key);
      if (!last) return false;
      if (now() - last.at > ttlMs) {
        seen.delete(key);
        return false;
      }
      return wanted > last.left;
    },
    saw(key, left) {
      // Stock only matters to the memo while it is short: a long list of plentiful types is not kept.
      if (left >= 100) seen.delete(key);
      else seen.set(key, { left, at: now() });
    },
  };
}
