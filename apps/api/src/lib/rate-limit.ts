import { HttpError } from './http-error.ts';

export type Limit = { key: string; max: number; windowMs: number };

/**
 * Failures that lock a key for longer each time: once `free` failures are counted within `memoryMs`, the
 * key locks for `firstDelayMs`, and each further failure (possible only once a lock ends) locks it for
 * twice as long as the one before, up to `maxDelayMs`. Refused attempts are not failures, so an
 * attacker's pace is set by the delays, not by how hard they knock.
 */
export type Backoff = { key: string; free: number; firstDelayMs: number; maxDelayMs: number; memoryMs: number };

/** Counts attempts per key in fixed windows; memory by default, shared storage when scaled out. */
export interface RateLimitStore {
  /** Adds one hit and answers the count in the current window and when that window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** The count in the current window, without adding to it. */
  peek(key: string): Promise<{ count: number; resetAt: number } | null>;
  /** Forgets the key's window. */
  reset(key: string): Promise<void>;
}

export function createMemoryStore(now = () => Date.now()): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    return w && w.resetAt > now() ? w : null;
  };
  return {
    async hit(key, windowMs) {
      let w = current(key);
      if (!w) {
        w = { count: 0, resetAt: now() + windowMs };
        windows.set(key, w);
        // Forget expired windows now and then, so the map does not grow without bound.
        if (windows.size > 10_000) for (const [k, v] of windows) if (v.resetAt <= now()) windows.delete(k);
      }
      w.count += 1;
      return { ...w };
    },
    async peek(key) {
      const w = current(key);
      return w ? { ...w } : null;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

const failures = (b: Backoff) => `${b.key}:failures`;
const lock = (b: Backoff) => `${b.key}:locked`;

/** How long the n-th failure locks a backoff's key (0 while failures are still free). */
export const backoffDelay = (b: Backoff, n: number) =>
  n < b.free ? 0 : Math.min(b.maxDelayMs, b.firstDelayMs * 2 ** Math.min(n - b.free, 30));

/** The answer while the limits cannot be read (Redis down): a clear 503, never a guess either way. */
export const limitsUnavailable = (message = 'Sign-in is unavailable for a moment. Try again shortly.') =>
  new HttpError(503, 'unavailable', message);

export type RateLimiterOptions = {
  now?: () => number;
  /** Told of every failure of the store, before the caller gets the 503. */
  onStoreError?: (err: unknown) => void;
};

export function createRateLimiter(
  store: RateLimitStore,
  { now = () => Date.now(), onStoreError = () => {} }: RateLimiterOptions = {},
) {
  /** Runs the store's part; a failure of the store becomes the 503. */
  const reach = async <T>(work: () => Promise<T>, unavailable?: string): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      onStoreError(err);
      throw limitsUnavailable(unavailable);
    }
  };
  const tooMany = (resetAt: number) => {
    const minutes = Math.max(1, Math.ceil((resetAt - now()) / 60_000));
    return new HttpError(
      429,
      'rate_limited',
      `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  };
  return {
    /**
     * Counts one attempt against every limit; 429 if any of them is now exceeded, 503 with `unavailable`
     * (or the sign-in wording) if the limits cannot be read.
     */
    async consume(limits: Limit[], unavailable?: string) {
      const results = await reach(
        () => Promise.all(limits.map(async (l) => ({ l, ...(await store.hit(l.key, l.windowMs)) }))),
        unavailable,
      );
      const over = results.filter((r) => r.count > r.l.max);
      if (over.length > 0) throw tooMany(Math.max(...over.map((r) => r.resetAt)));
    },
    /**
     * 429 if any limit is already used up or any backoff is locked; counts nothing (failures are
     * counted with `fail`).
     */
    async guard(limits: Limit[], backoffs: Backoff[] = []) {
      const [seen, locked] = await reach(() =>
        Promise.all([
          Promise.all(limits.map(async (l) => ({ l, w: await store.peek(l.key) }))),
          Promise.all(backoffs.map((b) => store.peek(lock(b)))),
        ]),
      );
      const ends = [
        ...seen.filter((s) => s.w && s.w.count >= s.l.max).map((s) => s.w!.resetAt),
        ...locked.flatMap((w) => (w ? [w.resetAt] : [])),
      ];
      if (ends.length > 0) throw tooMany(Math.max(...ends));
    },
    /** Counts a failure against every limit and backoff; a backoff past its free failures locks. */
    async fail(limits: Limit[], backoffs: Backoff[] = []) {
      await reach(() =>
        Promise.all([
          ...limits.map((l) => store.hit(l.key, l.windowMs)),
          ...backoffs.map(async (b) => {
            const { count } = await store.hit(failures(b), b.memoryMs);
            const delay = backoffDelay(b, count);
            if (delay > 0) await store.hit(lock(b), delay);
          }),
        ]),
      );
    },
    /** A success: the backoffs forget their failures (the limits keep counting). */
    async succeed(backoffs: Backoff[]) {
      await reach(() => Promise.all(backoffs.flatMap((b) => [store.reset(failures(b)), store.reset(lock(b))])));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
