import { describe, expect, it } from 'vitest';
import { createStockMemo } from './stock-memo.ts';

describe('the stock memo', () => {
  it('refuses only what exceeds what was just seen left, and forgets after its moment', () => {
    let now = 0;
    const memo = createStockMemo(1000, () => now);
    expect(memo.lacks('type:1', 1)).toBe(false);
    memo.saw('type:1', 2);
    expect(memo.lacks('type:1', 2)).toBe(false);
    expect(memo.lacks('type:1', 3)).toBe(true);
    memo.saw('type:1', 0);
    expect(memo.lacks('type:1', 1)).toBe(true);
    now = 1001;
    expect(memo.lacks('type:1', 1)).toBe(false);
  });

  it('keeps nothing while stock is plentiful', () => {
    const memo = createStockMemo(1000, () => 0);
    memo.saw('type:2', 5);
    memo.saw('type:2', 500);
    expect(memo.lacks('type:2', 50)).toBe(false);
  });

  it('lets at most its lookers look at once, in arrival order, and passes the turn on after a failure', async () => {
    const memo = createStockMemo(1000, () => 0, 2);
    const started: number[] = [];
    const finish = new Map<number, () => void>();
    let running = 0;
    let most = 0;
    const looks = [1, 2, 3, 4, 5].map((n) =>
      memo.look(async () => {
        started.push(n);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((done) => finish.set(n, done));
        running -= 1;
        if (n === 1) throw new Error('the first look failed');
        return n;
      }),
    );
    const settle = async (n: number) => {
      while (!finish.has(n)) await new Promise((r) => setImmediate(r));
      finish.get(n)!();
    };
    await settle(1);
    await expect(looks[0]).rejects.toThrow('the first look failed');
    for (const n of [2, 3, 4, 5]) await settle(n);
    expect(await Promise.all(looks.slice(1))).toEqual([2, 3, 4, 5]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('refuses a buyer queued behind a look that found the stock gone, without a look of their own', async () => {
    const memo = createStockMemo(1000, () => 0, 1);
    let reads = 0;
    const buyer = () =>
      memo.look(async () => {
        if (memo.lacks('type:7', 1)) throw new Error('Not enough tickets are left.');
        reads += 1;
        memo.saw('type:7', 0);
      });
    const rush = [buyer(), buyer(), buyer()];
    await expect(rush[0]).resolves.toBeUndefined();
    await expect(rush[1]).rejects.toThrow('Not enough tickets');
    await expect(rush[2]).rejects.toThrow('Not enough tickets');
    expect(reads).toBe(1);
  });
});
