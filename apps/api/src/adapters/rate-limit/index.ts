import type { Config } from '../../config.ts';
import { createMemoryStore, type RateLimitStore } from '../../lib/rate-limit.ts';
import { createRedisStore } from './redis-store.ts';

/** Where rate-limit counts live: this process's memory, or Redis when several processes share them. */
export function createRateLimitStore(config: Pick<Config, 'redisUrl'>): RateLimitStore & { close(): Promise<void> } {
  return config.redisUrl ? createRedisStore(config.redisUrl) : { ...createMemoryStore(), close: async () => {} };
}
