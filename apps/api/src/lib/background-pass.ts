/**
 * Work done after a commit by a pass over what waits in the database (tickets to mint, mail to
 * send): `pass` handles one batch and answers how many it took, and runs again while it finds some.
 * One pass at a time in this process; `now()` starts one (or shares the one queued behind the running
 * pass) and resolves when it is done, `soon()` asks for one within `delayMs`, so a rush of sales asks
 * for a few passes a second, each taking everything that came in meanwhile.
 */
export function createBackgroundPass(
  pass: () => Promise<number>,
  { delayMs = 200, onError }: { delayMs?: number; onError: (err: unknown) => void },
) {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const run = async () => {
    try {
      while ((await pass()) > 0);
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
    soon() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        now().catch(onError);
      }, delayMs);
      timer.unref();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
