/**
 * At most `width` holders at once, the rest waiting in line, first come, first served. A turn passes
 * straight from the holder who ends it to the next in line, so the count of holders stays the same.
 * The owner may send waiting entries away (the stock memo refuses buyers left short there and then),
 * and an entry whose signal aborts leaves the line by itself.
 */
export type Turns<T> = {
  /** True once it is this entry's turn (at once while there is room); false when it left the line. */
  take(value: T, options?: { whileWaiting?: () => void; signal?: AbortSignal }): Promise<boolean>;
  /** Ends a turn taken. */
  pass(): void;
  /** Sends away, in line order, the waiting entries `refuse` picks. */
  sendAway(refuse: (value: T) => boolean): void;
  /** Nobody holds a turn or waits for one. */
  readonly idle: boolean;
  /** Somebody waits in line for a turn. */
  readonly queueing: boolean;
};

export function createTurns<T>(width: number): Turns<T> {
  let holders = 0;
  let line: { value: T; go: (turn: boolean) => void }[] = [];
  return {
    take(value, { whileWaiting, signal } = {}) {
      if (holders < width) {
        holders += 1;
        return Promise.resolve(true);
      }
      // An abort already past fires no event: such an entry would wait for a turn it no longer wants.
      if (signal?.aborted) return Promise.resolve(false);
      whileWaiting?.();
      return new Promise<boolean>((resolve) => {
        const leave = () => {
          line = line.filter((waiting) => waiting !== entry);
          resolve(false);
        };
        const entry = {
          value,
          go: (turn: boolean) => {
            signal?.removeEventListener('abort', leave);
            resolve(turn);
          },
        };
        signal?.addEventListener('abort', leave, { once: true });
        line.push(entry);
      });
    },
    pass() {
      const next = line.shift();
      if (next) next.go(true);
      else holders -= 1;
    },
    sendAway(refuse) {
      if (line.length === 0) return;
      line = line.filter((waiting) => {
        if (!refuse(waiting.value)) return true;
        waiting.go(false);
        return false;
      });
    },
    get queueing() {
      return line.length > 0;
    },
    get idle() {
      return holders === 0 && line.length === 0;
    },
  };
}
