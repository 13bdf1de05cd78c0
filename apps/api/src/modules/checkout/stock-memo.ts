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
};

export function createStockMemo(ttlMs = 1000, now = () => Date.now()): StockMemo {
  const seen = new Map<string, { left: number; at: number }>();
  return {
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
