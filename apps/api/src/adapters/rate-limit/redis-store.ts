import { Redis } from 'ioredis';
import type { RateLimitStore } from '../../lib/rate-limit.ts';

// One round trip, atomic: the first hit of a window starts its clock.
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** Fixed windows kept in Redis, so every API process counts against the same limits. */
export function createRedisStore(url: string): RateLimitStore & { close(): Promise<void> } {
  const redis = new Redis(url, {
    lazyConnect: true,
    // While Redis is down a request waits for one reconnect at most (well under a second), then is
    // answered 503. No command timeout: the embedded database can hold this process's event loop for
    // longer than any sensible one, and a late answer is still an answer.
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 50, 500),
    keyPrefix: 'portal:rl:',
  });
  // While Redis is down every command fails, and the rate limiter logs that with the request it
  // answers 503; the client's own reconnect errors would only repeat it.
  redis.on('error', () => {});
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT, 1, key, windowMs)) as [number, number];
      return { count, resetAt: Date.now() + Math.max(ttl, 0) };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(key), redis.pttl(key)]);
      return count === null || ttl <= 0 ? null : { count: Number(count), resetAt: Date.now() + ttl };
    },
    async reset(key) {
      await redis.del(key);
    },
    async close() {
      redis.disconnect();
    },
  };
}
