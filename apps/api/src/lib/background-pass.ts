/**
 * Work done after a commit by a pass over what waits in the database (tickets to mint, mail to
 * send): `pass` handles one batch and answers how many it took, and runs again while it finds some.
 * One pass at a time in this process; `now()` starts one (or shares the one queued behind the running
 * pass) and resolves when it is done, `soon()` asks for one within `delayMs`, so a rush of sales asks
 * for a few passes a second, each taking everything that came in meanwhile. A pass that fails is
 * tried again by itself, after `retryMs` and twice as long after each failure in a row (at most
 * `maxRetryMs`), so work waiting on a service that is down lands once it is back.
 *
 * While `busy()` says a rush of buyers is waiting on this process, the pass gives way: one batch every
 * `busyGapMs` rather than batch after batch. A confirmation's QR codes cost more CPU than the sale
 * itself, and the mint and mail passes taking turns with the sales on two cores cost a rush about a
 * third of its sales (505 against 817 checkouts/s, docs/benchmarks.md). What they leave waits,
 * durably, for the rush to end, and at most a gap longer.
 */
export function createBackgroundPass(
  pass: () => Promise<number>,
  {
    delayMs = 200,
    retryMs = 1_000,
    maxRetryMs = 60_000,
    busy = () => false,
    busyGapMs = 1_000,
    onError,
  }: {
    delayMs?: number;
    retryMs?: number;
    maxRetryMs?: number;
    busy?: () => boolean;
    busyGapMs?: number;
    onError: (err: unknown) => void;
  },
) {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  let stopped = false;
  const later = (ms: number) => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = null;
      now().catch(onError);
    }, ms);
    timer.unref();
  };
  const run = async () => {
    try {
      while (!stopped && (await pass()) > 0) {
        if (busy()) await new Promise((resolve) => setTimeout(resolve, busyGapMs).unref());
      }
      failures = 0;
    } catch (err) {
      failures += 1;
      later(Math.min(retryMs * 2 ** (failures - 1), maxRetryMs));
      throw err;
    } finally {
      running = null;
    }
  };
  const now = (): Promise<void> => {
    if (!running) return (running = run());
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return (running ??= run());
      });
    return next;
  };
  return {
    now,
    soon: () => later(delayMs),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
