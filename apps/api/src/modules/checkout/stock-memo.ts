import { createTurns } from '../../lib/turns.ts';

/** A stock counter (`type:ID`, `day:ID`) and how many of it a buyer wants. */
export type Want = readonly [key: string, quantity: number];

/**
 * What a buyer holds in this process from their turn to look at the stock, and then while they pay,
 * until their sale is written or they give up (`StockMemo.look`). Once their sale is being written
 * it is no longer held: a read may or may not see it from then on, and the memo must never count a
 * sale twice (it would refuse buyers while tickets are left), so `lacks` counts it as seen. Until the
 * write ends it is still counted by `unsure`: a read then cannot promise the tickets it may have taken.
 */
export type Hold = {
  readonly wants: readonly Want[];
  /** The sale is being written: no longer held, but perhaps not yet seen by a read. Idempotent. */
  write(): void;
  /** The sale is written, or the buyer gave up: nothing of it is held any more. Idempotent. */
  release(): void;
};

/**
 * What this process last saw left of each ticket type and day, for a moment, less what buyers in
 * this process are still paying for. In a rush for the last tickets most buyers ask for more than
 * is left: they hear "sold out" at once instead of queueing for a connection behind the sales. Only
 * ever errs towards refusing, and only for `ttlMs` after stock comes back (a refund, a raised amount,
 * a declined card): a buyer refused then can press Pay again a second later. The database's guarded
 * write still decides every sale.
 */
export type StockMemo = {
  /** True when a want exceeds what was just seen left less what others here hold (`own` excepted). */
  lacks(wants: readonly Want[], own?: Hold): boolean;
  /** Records what a read or a refused guard showed to be left (at most). */
  saw(key: string, left: number): void;
  /**
   * True when a want fits what a read sent at `sentAt` (`now()`) saw left only if it saw every sale
   * here being written then: one being written, or written since, it may have missed, and whether it
   * did cannot be told. The buyer waits for those writes (`afterWrites`) and looks again, rather than
   * being charged for tickets that may be gone and given the money back at the write.
   */
  unsure(wants: readonly Want[], sentAt: number, own?: Hold): boolean;
  /** The memo's clock. */
  now(): number;
  /** Resolves once the sales of these counters being written now have been written (or failed). */
  afterWrites(wants: readonly Want[]): Promise<void>;
  /**
   * Runs a look at the stock when its turn comes: at most `lookers` at once, first come first served.
   * A rush arrives all at once, before any look has answered; queued here rather than in the
   * connection pool, every buyer in line is judged after each look by what it saw and by what those
   * ahead of them want, and those left short are refused there and then (`undefined`, no look), as
   * is a buyer whom what is free leaves short when their turn comes. What a buyer looking wants is
   * held from their turn on (`read` is given the hold, to keep or release; released if it throws):
   * with the last tickets wanted by those looking, the buyers behind are not let in to look for them
   * too. `whileWaiting` is called when the buyer has to wait their turn.
   */
  look<T>(wants: readonly Want[], read: (hold: Hold) => Promise<T>, whileWaiting?: () => void): Promise<T | undefined>;
  /** Buyers wait in line for a look: more are checking out at once than may look at once, a rush. */
  readonly crowded: boolean;
};

const quantityIn = (wants: readonly Want[], key: string) => wants.find(([k]) => k === key)?.[1] ?? 0;

/** Adds what some buyers want to (or takes it from) a total per counter. */
function tally(totals: Map<string, number>, wants: readonly Want[], sign: 1 | -1) {
  for (const [key, quantity] of wants) {
    const total = (totals.get(key) ?? 0) + sign * quantity;
    if (total > 0) totals.set(key, total);
    else totals.delete(key);
  }
}

/**
 * `lookers` bounds the looks that go into one basket read (`quote.ts` reads the baskets asked at once
 * in one statement). With 200 buyers on two cores: 8 at once sold 1,436 – 1,776 a second, 16 sold
 * 2,304, 32 sold 2,238 – 2,547 and 64 sold 1,932 (bench/checkout-rush.ts, docs/benchmarks.md).
 */
export function createStockMemo(ttlMs = 1000, now = () => Date.now(), lookers = 32): StockMemo {
  const seen = new Map<string, { left: number; at: number }>();
  const held = new Map<string, number>();
  const line = createTurns<readonly Want[]>(lookers);

  const seenLeft = (key: string) => {
    const last = seen.get(key);
    if (!last) return undefined;
    if (now() - last.at <= ttlMs) return last;
    seen.delete(key);
    return undefined;
  };
  /**
   * What is free to sell here, as far as this process knows; unbounded when it knows nothing. Never
   * less than what is truly free: a read's count misses nothing that is held (held sales are not
   * written yet), and what is written after the read only makes the truth smaller.
   */
  const free = (key: string, ownQuantity = 0) => {
    const last = seenLeft(key);
    return last ? last.left - ((held.get(key) ?? 0) - ownQuantity) : Infinity;
  };
  /**
   * The sales being written, and those written within the memo's moment, oldest first: a read sent
   * before a write ended may have missed it. With their totals per counter.
   */
  const writing = new Map<Hold, { written: Promise<void>; done: () => void }>();
  const writingTotals = new Map<string, number>();
  const ended: { wants: readonly Want[]; at: number }[] = [];
  const endedTotals = new Map<string, number>();
  const forgetEnded = () => {
    while (ended.length > 0 && now() - ended[0]!.at > ttlMs) tally(endedTotals, ended.shift()!.wants, -1);
  };
  const maybeUnseen = (key: string, sentAt: number) => {
    let total = writingTotals.get(key) ?? 0;
    for (let i = ended.length - 1; i >= 0 && ended[i]!.at >= sentAt; i--) total += quantityIn(ended[i]!.wants, key);
    return total;
  };
  const touches = (hold: Hold, wants: readonly Want[]) => hold.wants.some(([k]) => wants.some(([w]) => w === k));
  const holding = new WeakSet<Hold>();
  const quantityOf = (hold: Hold | undefined, key: string) =>
    hold && holding.has(hold) ? quantityIn(hold.wants, key) : 0;

  /** What the buyers waiting in line want in all, per counter. */
  const queued = new Map<string, number>();

  /** Refuses, in arrival order, everyone in line whom what is free and those ahead leave short. */
  const sweep = () => {
    // Every look sweeps: while what is free covers the whole line, as in a rush on plenty of stock,
    // nobody in it can be short, and a walk through a line of hundreds would find nobody.
    if (![...queued].some(([key, total]) => total > free(key))) return;
    const room = new Map<string, number>();
    const roomFor = (key: string) => room.get(key) ?? free(key);
    line.sendAway((wants) => {
      if (wants.some(([key, quantity]) => quantity > roomFor(key))) return true;
      for (const [key, quantity] of wants) room.set(key, roomFor(key) - quantity);
      return false;
    });
  };

  const lacks = (wants: readonly Want[], own?: Hold) =>
    wants.some(([key, quantity]) => quantity > free(key, quantityOf(own, key)));

  const holdFor = (wants: readonly Want[]): Hold => {
    tally(held, wants, 1);
    const unhold = () => {
      if (!holding.delete(hold)) return false;
      tally(held, wants, -1);
      return true;
    };
    const hold: Hold = {
      wants,
      write() {
        if (!unhold()) return;
        let done = () => {};
        const written = new Promise<void>((resolve) => (done = resolve));
        writing.set(hold, { written, done });
        tally(writingTotals, wants, 1);
      },
      release() {
        unhold();
        const write = writing.get(hold);
        if (!write) return;
        writing.delete(hold);
        tally(writingTotals, wants, -1);
        forgetEnded();
        ended.push({ wants, at: now() });
        tally(endedTotals, wants, 1);
        write.done();
      },
    };
    holding.add(hold);
    return hold;
  };

  return {
    lacks,
    saw(key, left) {
      seen.set(key, { left, at: now() });
      // Kept only for their moment: a partner with thousands of types does not fill the map.
      if (seen.size > 10_000) for (const k of seen.keys()) seenLeft(k);
      sweep();
    },
    unsure(wants, sentAt, own) {
      forgetEnded();
      return wants.some(([key, quantity]) => {
        const left = free(key, quantityOf(own, key));
        // Enough even if the read missed every write of the moment: so it goes in a rush on plenty of stock.
        if (quantity <= left - (writingTotals.get(key) ?? 0) - (endedTotals.get(key) ?? 0)) return false;
        return quantity > left - maybeUnseen(key, sentAt);
      });
    },
    now,
    async afterWrites(wants) {
      await Promise.all([...writing].filter(([hold]) => touches(hold, wants)).map(([, w]) => w.written));
    },
    async look(wants, read, whileWaiting) {
      // Judged on joining the line too, not only after the next look, which in a rush for the last
      // tickets may be a round trip away. Everyone in line fits what is free (each look's sweep sees
      // to that, and what is free only grows between looks but for a turn's hold, which was in line),
      // so a newcomer whom those in line leave short is the one the next sweep would refuse.
      if (wants.some(([key, quantity]) => quantity > free(key) - (queued.get(key) ?? 0))) return undefined;
      tally(queued, wants, 1);
      const turn = await line.take(wants, { whileWaiting });
      tally(queued, wants, -1);
      if (!turn) return undefined;
      try {
        if (lacks(wants)) return undefined;
        const hold = holdFor(wants);
        try {
          return await read(hold);
        } catch (err) {
          hold.release();
          throw err;
        }
      } finally {
        line.pass();
      }
    },
    get crowded() {
      return line.queueing;
    },
  };
}
