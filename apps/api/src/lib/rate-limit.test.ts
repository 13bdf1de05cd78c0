import { describe, expect, it } from 'vitest';
import { createMemoryStore, createRateLimiter, type Backoff } from './rate-limit.ts';

const MINUTE = 60_000;
const backoff: Backoff = {
  key: 'pair',
  free: 5,
  firstDelayMs: MINUTE,
  maxDelayMs: 60 * MINUTE,
  memoryMs: 24 * 60 * MINUTE,
};

describe('backoffs', () => {
  const setup = () => {
    let time = 1_000_000;
    const now = () => time;
    const limiter = createRateLimiter(createMemoryStore(now), { now });
    const refusal = () =>
      limiter.guard([], [backoff]).then(
        () => null,
        (err: Error) => err.message,
      );
    return { limiter, refusal, wait: (ms: number) => (time += ms) };
  };

  it('let the first failures pass, then lock for 1, 2, 4 … minutes, capped at an hour', async () => {
    const { limiter, refusal, wait } = setup();
    for (let i = 0; i < 4; i++) {
      await limiter.fail([], [backoff]);
      expect(await refusal()).toBeNull();
    }
    const delays = [];
    for (let i = 0; i < 9; i++) {
      await limiter.fail([], [backoff]);
      const message = await refusal();
      delays.push(Number(/in (\d+) minutes?/.exec(message ?? '')?.[1]));
      // Locked until just before its end, then free for one more try.
      wait(delays.at(-1)! * MINUTE - 1_000);
      expect(await refusal()).not.toBeNull();
      wait(1_000);
      expect(await refusal()).toBeNull();
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('forget the failures on a success', async () => {
    const { limiter, refusal } = setup();
    for (let i = 0; i < 5; i++) await limiter.fail([], [backoff]);
    expect(await refusal()).toBe('Too many attempts. Try again in 1 minute.');
    await limiter.succeed([backoff]);
    expect(await refusal()).toBeNull();
    for (let i = 0; i < 4; i++) await limiter.fail([], [backoff]);
    expect(await refusal()).toBeNull();
  });

  it('forget old failures after their memory window', async () => {
    const { limiter, refusal, wait } = setup();
    for (let i = 0; i < 4; i++) await limiter.fail([], [backoff]);
    wait(24 * 60 * MINUTE);
    await limiter.fail([], [backoff]);
    expect(await refusal()).toBeNull();
  });
});
