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
});
