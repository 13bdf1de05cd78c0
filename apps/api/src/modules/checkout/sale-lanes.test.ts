import { describe, expect, it } from 'vitest';
import { createSaleLanes } from './sale-lanes.ts';

/** A write that ends when told to, recording who was writing at once. */
function writes() {
  const started: string[] = [];
  const finish = new Map<string, (fail?: boolean) => void>();
  const writing = new Map<number, number>();
  const most = new Map<number, number>();
  const write = (eventId: number, name: string) => async () => {
    started.push(name);
    writing.set(eventId, (writing.get(eventId) ?? 0) + 1);
    most.set(eventId, Math.max(most.get(eventId) ?? 0, writing.get(eventId)!));
    const failed = await new Promise<boolean | undefined>((done) => finish.set(name, done));
    writing.set(eventId, writing.get(eventId)! - 1);
    if (failed) throw new Error(`${name} failed`);
    return name;
  };
  const end = async (name: string, fail = false) => {
    while (!finish.has(name)) await new Promise((r) => setImmediate(r));
    finish.get(name)!(fail);
  };
  return { started, most, write, end };
}

describe('the sale lanes', () => {
  it('lets a few sales of an event write at once, in arrival order, and passes the turn on after a failure', async () => {
    const lanes = createSaleLanes(2);
    const w = writes();
    const sales = ['a', 'b', 'c', 'd', 'e'].map((name) => lanes(7, w.write(7, name)));
    await w.end('a', true);
    await expect(sales[0]).rejects.toThrow('a failed');
    for (const name of ['b', 'c', 'd', 'e']) await w.end(name);
    expect(await Promise.all(sales.slice(1))).toEqual(['b', 'c', 'd', 'e']);
    expect(w.started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(w.most.get(7)).toBe(2);
  });

  it('keeps the events apart: one event’s queue never holds up another’s sales', async () => {
    const lanes = createSaleLanes(1);
    const w = writes();
    const busy = [lanes(1, w.write(1, 'first')), lanes(1, w.write(1, 'queued'))];
    const other = lanes(2, w.write(2, 'other'));
    await w.end('other');
    expect(await other).toBe('other');
    expect(w.started).toEqual(['first', 'other']);
    await w.end('first');
    await w.end('queued');
    expect(await Promise.all(busy)).toEqual(['first', 'queued']);
  });

  it('lets a buyer who leaves while waiting go at once, without a turn, and keeps the others in order', async () => {
    const lanes = createSaleLanes(1);
    const w = writes();
    const gone = new AbortController();
    const first = lanes(3, w.write(3, 'first'));
    const leaving = lanes(3, async () => 'ran without a turn', gone.signal);
    const last = lanes(3, w.write(3, 'last'));
    gone.abort();
    expect(await leaving).toBe('ran without a turn');
    // Gone before asking: not queued at all.
    expect(await lanes(3, async () => 'gone already', AbortSignal.abort())).toBe('gone already');
    expect(w.started).toEqual(['first']);
    await w.end('first');
    await w.end('last');
    expect([await first, await last]).toEqual(['first', 'last']);
    expect(w.most.get(3)).toBe(1);
  });
});
