import { describe, expect, it, vi } from 'vitest';
import { createBackgroundPass } from './background-pass.ts';

describe('a background pass', () => {
  it('runs while it finds work, and tries again by itself, waiting longer after each failure in a row', async () => {
    const starts: number[] = [];
    let failuresLeft = 3;
    let waiting = 5;
    const errors: unknown[] = [];
    const pass = createBackgroundPass(
      async () => {
        starts.push(Date.now());
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('the service is down');
        }
        const took = Math.min(waiting, 2);
        waiting -= took;
        return took;
      },
      { retryMs: 40, maxRetryMs: 1_000, onError: (err) => errors.push(err) },
    );
    await expect(pass.now()).rejects.toThrow('the service is down');
    await vi.waitFor(() => expect(waiting).toBe(0), { timeout: 5_000 });
    pass.stop();
    expect(errors).toHaveLength(2);
    // Three failed passes, then one that took everything in three batches and stopped on an empty one.
    expect(starts).toHaveLength(7);
    const gaps = [starts[1]! - starts[0]!, starts[2]! - starts[1]!, starts[3]! - starts[2]!];
    expect(gaps[0]).toBeGreaterThanOrEqual(35);
    expect(gaps[1]).toBeGreaterThanOrEqual(75);
    expect(gaps[2]).toBeGreaterThanOrEqual(155);
  });

  it('tries nothing more once stopped', async () => {
    vi.useFakeTimers();
    try {
      let runs = 0;
      const pass = createBackgroundPass(
        async () => {
          runs += 1;
          throw new Error('down');
        },
        { retryMs: 10, onError: () => {} },
      );
      await expect(pass.now()).rejects.toThrow('down');
      pass.stop();
      pass.soon();
      await vi.advanceTimersByTimeAsync(120_000);
      expect(runs).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives way while buyers wait, one batch a gap, and runs batch after batch again once they are gone', async () => {
    vi.useFakeTimers();
    try {
      let waiting = 6;
      let buyers = true;
      const pass = createBackgroundPass(
        async () => {
          const took = Math.min(waiting, 1);
          waiting -= took;
          return took;
        },
        { busy: () => buyers, busyGapMs: 1_000, onError: () => {} },
      );
      const done = pass.now();
      await vi.advanceTimersByTimeAsync(0);
      expect(waiting).toBe(5);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(waiting).toBe(4);
      await vi.advanceTimersByTimeAsync(999);
      expect(waiting).toBe(4);
      buyers = false;
      await vi.advanceTimersByTimeAsync(1);
      // The gap begun in the rush ends, then the rest goes at once.
      expect(waiting).toBe(0);
      await done;
    } finally {
      vi.useRealTimers();
    }
  });
});
