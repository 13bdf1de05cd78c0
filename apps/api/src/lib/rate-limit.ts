import { HttpError } from './http-error.ts';

export type Limit = { key: string; max: number; windowMs: number };

/** Counts attempts per key in fixed windows; memory by default, shared storage when scaled out. */
export interface RateLimitStore {
  /** Adds one hit and answers the count in the current window and when that window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** The count in the current window, without adding to it. */
  peek(key: string): Promise<{ count: number; resetAt: number } | null>;
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
  };
}

export function createRateLimiter(store: RateLimitStore, now = () => Date.now()) {
  const tooMany = (resetAt: number) => {
    const minutes = Math.max(1, Math.ceil((resetAt - now()) / 60_000));
    return new HttpError(
      429,
      'rate_limited',
      `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  };
  return {
    /** Counts one attempt against every limit; 429 if any of them is now exceeded. */
    async consume(limits: Limit[]) {
      const results = await Promise.all(limits.map(async (l) => ({ l, ...(await store.hit(l.key, l.windowMs)) })));
      const over = results.filter((r) => r.count > r.l.max);
      if (over.length > 0) throw tooMany(Math.max(...over.map((r) => r.resetAt)));
    },
    /** 429 if any limit is already used up; counts nothing (failures are counted with `fail`). */
    async guard(limits: Limit[]) {
      const seen = await Promise.all(limits.map(async (l) => ({ l, w: await store.peek(l.key) })));
      const over = seen.filter((s) => s.w && s.w.count >= s.l.max);
      if (over.length > 0) throw tooMany(Math.max(...over.map((s) => s.w!.resetAt)));
    },
    async fail(limits: Limit[]) {
      await Promise.all(limits.map((l) => store.hit(l.key, l.windowMs)));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
