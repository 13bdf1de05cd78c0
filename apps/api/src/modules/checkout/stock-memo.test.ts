import { describe, expect, it } from 'vitest';
import { createStockMemo, type StockMemo, type Want } from './stock-memo.ts';

const one = (key: string, quantity: number): Want[] => [[key, quantity]];
/** What a look holds for a buyer who then pays: the hold, kept. */
const holdOf = async (memo: StockMemo, wants: Want[]) => (await memo.look(wants, async (hold) => hold))!;

describe('the stock memo', () => {
  it('refuses only what exceeds what was just seen left, and forgets after its moment', () => {
    let now = 0;
    const memo = createStockMemo(1000, () => now);
    expect(memo.lacks(one('type:1', 1))).toBe(false);
    memo.saw('type:1', 2);
    expect(memo.lacks(one('type:1', 2))).toBe(false);
    expect(memo.lacks(one('type:1', 3))).toBe(true);
    memo.saw('type:1', 0);
    expect(memo.lacks(one('type:1', 1))).toBe(true);
    now = 1001;
    expect(memo.lacks(one('type:1', 1))).toBe(false);
  });

  it('counts what other buyers here hold while they pay, never the buyer’s own, until the sale is written', async () => {
    const memo = createStockMemo(1000, () => 0);
    memo.saw('type:2', 5);
    memo.saw('day:9', 4);
    const first = await holdOf(memo, [
      ['type:2', 3],
      ['day:9', 3],
    ]);
    expect(memo.lacks(one('type:2', 2))).toBe(false);
    expect(memo.lacks(one('type:2', 3))).toBe(true);
    expect(memo.lacks(one('day:9', 2))).toBe(true);
    expect(memo.lacks(first.wants, first)).toBe(false);

    // Written (or given up): no longer held, and never counted twice, however often it is released.
    first.release();
    first.release();
    expect(memo.lacks(one('type:2', 5))).toBe(false);
    expect(memo.lacks(one('type:2', 6))).toBe(true);
    // A hold no longer held is not the buyer's own any more: the buyer is judged like anyone else.
    const second = await holdOf(memo, one('type:2', 5));
    second.release();
    const third = await holdOf(memo, one('type:2', 1));
    expect(memo.lacks(second.wants, second)).toBe(true);
    third.release();
  });

  it('is unsure for a read that may have missed a sale being written, or written since it was sent', async () => {
    let now = 0;
    const memo = createStockMemo(1000, () => now);
    memo.saw('type:4', 3);
    const first = await holdOf(memo, one('type:4', 2));
    first.write();
    first.write();
    // Being written: `lacks` counts it as seen; a read may also have missed it.
    expect(memo.lacks(one('type:4', 3))).toBe(false);
    expect(memo.unsure(one('type:4', 1), 0)).toBe(false);
    expect(memo.unsure(one('type:4', 2), 0)).toBe(true);
    expect(memo.unsure(one('type:5', 2), 0)).toBe(false);
    let written = false;
    const waiting = memo.afterWrites(one('type:4', 1)).then(() => (written = true));
    await memo.afterWrites(one('type:5', 1));
    expect(written).toBe(false);

    now = 5;
    first.release();
    first.release();
    await waiting;
    // Written at 5: a read sent before then may not have seen it, one sent after has.
    expect(memo.unsure(one('type:4', 2), 4)).toBe(true);
    expect(memo.unsure(one('type:4', 2), 6)).toBe(false);
    // Forgotten after the memo's moment, like what it saw.
    now = 1006;
    memo.saw('type:4', 3);
    expect(memo.unsure(one('type:4', 3), 0)).toBe(false);
  });

  it('lets at most its lookers look at once, in arrival order, and passes the turn on after a failure', async () => {
    const memo = createStockMemo(1000, () => 0, 2);
    const started: number[] = [];
    const finish = new Map<number, () => void>();
    let running = 0;
    let most = 0;
    const looks = [1, 2, 3, 4, 5].map((n) =>
      memo.look(one('type:3', 1), async () => {
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

  it('refuses, as soon as a look sees the stock, everyone in line whom those ahead leave short', async () => {
    const memo = createStockMemo(1000, () => 0, 1);
    let release!: () => void;
    const reads: number[] = [];
    const buyer = (n: number, quantity: number) =>
      memo.look(one('type:7', quantity), async () => {
        reads.push(n);
        if (n === 1) {
          await new Promise<void>((done) => (release = done));
          memo.saw('type:7', 4);
        }
        return n;
      });
    // The first looks; the others wait in line, in this order, for 2, 2, 1, 3 and 1 tickets.
    const rush = [buyer(1, 1), buyer(2, 2), buyer(3, 2), buyer(4, 1), buyer(5, 3), buyer(6, 1)];
    while (!release) await new Promise((r) => setImmediate(r));
    release();
    // Four left, one of them held by the first buyer, who looked for it: 2 fits (2), 3 would not
    // (two more), 4 does (one), 5 and 6 would not. Refused without a look.
    expect(await Promise.all(rush)).toEqual([1, 2, undefined, 4, undefined, undefined]);
    expect(reads).toEqual([1, 2, 4]);
  });

  it('refuses a buyer whose turn comes after the stock was seen gone, without a look of their own', async () => {
    const memo = createStockMemo(1000, () => 0, 1);
    let reads = 0;
    const buyer = () =>
      memo.look(one('type:8', 1), async () => {
        reads += 1;
        memo.saw('type:8', 0);
        return 'looked';
      });
    const rush = [buyer(), buyer(), buyer()];
    expect(await Promise.all(rush)).toEqual(['looked', undefined, undefined]);
    expect(reads).toBe(1);
  });

  it('holds what buyers looking want, so no buyer behind looks for the same last tickets', async () => {
    const memo = createStockMemo(1000, () => 0, 3);
    memo.saw('type:6', 2);
    const finish = new Map<number, () => void>();
    const buyer = (n: number) =>
      memo.look(one('type:6', 1), async (hold) => {
        await new Promise<void>((done) => finish.set(n, done));
        hold.release();
        return n;
      });
    // Three may look at once, but the first two want the two tickets left: the third is refused.
    const rush = [buyer(1), buyer(2), buyer(3)];
    expect(await rush[2]).toBeUndefined();
    expect([...finish.keys()]).toEqual([1, 2]);
    // A look that finds nothing to buy gives back what it held: a buyer now may look.
    finish.get(2)!();
    expect(await rush[1]).toBe(2);
    expect(memo.lacks(one('type:6', 1))).toBe(false);
    expect(memo.lacks(one('type:6', 2))).toBe(true);
    finish.get(1)!();
    expect(await rush[0]).toBe(1);
  });

  it('refuses a buyer joining a line that already wants all that is free, without waiting for a look', async () => {
    const memo = createStockMemo(1000, () => 0, 1);
    memo.saw('type:6', 2);
    let finish = () => {};
    const first = memo.look(one('type:6', 1), () => new Promise<string>((done) => (finish = () => done('first'))));
    const second = memo.look(one('type:6', 1), async () => 'second');
    const third = memo.look(one('type:6', 1), async () => 'third');
    // The first looks and the second waits for the last ticket: the third hears at once.
    const heard = await Promise.race([third, new Promise((r) => setImmediate(() => r('still waiting')))]);
    expect(heard).toBeUndefined();
    finish();
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
  });

  it('gives back what a look held when it fails', async () => {
    const memo = createStockMemo(1000, () => 0, 2);
    memo.saw('type:6', 1);
    await expect(
      memo.look(one('type:6', 1), async () => {
        throw new Error('the read failed');
      }),
    ).rejects.toThrow('the read failed');
    expect(memo.lacks(one('type:6', 1))).toBe(false);
  });

  it('tells a buyer who has to wait for their turn, and no one who looks at once', async () => {
    const memo = createStockMemo(1000, () => 0, 1);
    let release!: () => void;
    const waited: number[] = [];
    const buyer = (n: number) =>
      memo.look(
        one('type:9', 1),
        async () => {
          if (n === 1) await new Promise<void>((done) => (release = done));
          return n;
        },
        () => waited.push(n),
      );
    const rush = [buyer(1), buyer(2), buyer(3)];
    expect(waited).toEqual([2, 3]);
    while (!release) await new Promise((r) => setImmediate(r));
    release();
    expect(await Promise.all(rush)).toEqual([1, 2, 3]);
  });

  it('is crowded while buyers wait in line for a look, and only then', async () => {
    const memo = createStockMemo(1000, () => 0, 1);
    let finish = () => {};
    const looking = new Promise<void>((done) => (finish = done));
    const first = memo.look(one('type:5', 1), () => looking);
    expect(memo.crowded).toBe(false);
    const second = memo.look(one('type:5', 1), async () => {});
    expect(memo.crowded).toBe(true);
    finish();
    await Promise.all([first, second]);
    expect(memo.crowded).toBe(false);
  });
});
