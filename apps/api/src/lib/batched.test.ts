import { describe, expect, it } from 'vitest';
import { batched, batchedPerDatabase } from './batched.ts';

describe('batched lookups', () => {
  it('answers a lone lookup, then gathers those made while it runs into one', async () => {
    const loads: number[][] = [];
    let release!: () => void;
    const lookup = batched(async (keys: number[]) => {
      loads.push(keys);
      if (loads.length === 1) await new Promise<void>((done) => (release = done));
      return keys.map((k) => k * 10);
    });
    const first = lookup(1);
    while (!release) await new Promise((r) => setImmediate(r));
    const rest = [lookup(2), lookup(3), lookup(2)];
    release();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 20]);
    expect(loads).toEqual([[1], [2, 3, 2]]);
  });

  it('sends a lone lookup before the callbacks the event loop already has waiting', async () => {
    const order: string[] = [];
    const lookup = batched(async (keys: number[]) => {
      order.push('load');
      return keys;
    });
    const waiting = new Promise<void>((done) =>
      setImmediate(() => {
        order.push('waiting callback');
        done();
      }),
    );
    await Promise.all([lookup(1), waiting]);
    expect(order).toEqual(['load', 'waiting callback']);
  });

  it('fails only the lookups of the batch that failed', async () => {
    let calls = 0;
    const lookup = batched(async (keys: string[]) => {
      calls += 1;
      if (calls === 1) throw new Error('the database went away');
      return keys.map((k) => k.toUpperCase());
    });
    const failed = [lookup('a'), lookup('b')];
    await expect(Promise.all(failed)).rejects.toThrow('the database went away');
    await expect(Promise.allSettled(failed)).resolves.toMatchObject([{ status: 'rejected' }, { status: 'rejected' }]);
    expect(await lookup('c')).toBe('C');
  });

  it('batches the lookups of each database apart', async () => {
    const loads: [string, number[]][] = [];
    const lookupIn = batchedPerDatabase(async (db: { name: string }, keys: number[]) => {
      loads.push([db.name, keys]);
      return keys.map((k) => `${db.name}:${k}`);
    });
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(lookupIn(a)).toBe(lookupIn(a));
    expect(await Promise.all([lookupIn(a)(1), lookupIn(b)(2), lookupIn(a)(3)])).toEqual(['a:1', 'b:2', 'a:3']);
    expect(loads).toEqual([
      ['a', [1, 3]],
      ['b', [2]],
    ]);
  });
});
