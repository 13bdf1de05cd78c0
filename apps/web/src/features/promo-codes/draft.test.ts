import { describe, expect, it } from 'vitest';
import { attachBatchMax } from '@portal/contract';
import { acceptAmount, attachmentChanges, canLeaveStepOne, newPromoDraft, parseAmount, toPromoInput } from './draft.ts';

describe('the promo wizard', () => {
  it('defaults to flat with 12:00 pm times', () => {
    const d = newPromoDraft(new Date('2026-11-22T08:00:00Z'), 'UTC');
    expect(d).toMatchObject({
      couponType: 'flat',
      unlimited: false,
      start: '2026-11-22T12:00:00.000Z',
      end: '2026-11-29T12:00:00.000Z',
    });
  });

  it('accepts digits with an optional decimal part, parsed on blur with 0 by default', () => {
    expect(acceptAmount('12.5', '12')).toBe('12.5');
    expect(acceptAmount('12.5.1', '12.5')).toBe('12.5');
    expect(acceptAmount('1e3', '1')).toBe('1');
    expect(parseAmount('')).toBe(0);
    expect(parseAmount('.')).toBe(0);
    expect(parseAmount('7.25')).toBe(7.25);
  });

  it('lets step 1 go on only with a name and a discount', () => {
    const d = newPromoDraft();
    expect(canLeaveStepOne({ ...d, code: 'X', amountText: '0' })).toBe(false);
    expect(canLeaveStepOne({ ...d, code: ' ', amountText: '5' })).toBe(false);
    expect(canLeaveStepOne({ ...d, code: 'X', amountText: '5' })).toBe(true);
  });

  it('sends a percentage as a fraction and Unlimited as 1 January 1970', () => {
    const d = { ...newPromoDraft(), code: 'TEN', couponType: 'percentage' as const, amountText: '10', unlimited: true };
    expect(toPromoInput(d, 3)).toMatchObject({
      percentage: 0.1,
      discount: 0,
      end_date: '1970-01-01T00:00:00.000Z',
      draft: true,
    });
  });
});

describe('Continue at step 3', () => {
  const saved = (ID: number, quantity: number) => ({
    ID,
    name: 'Entry',
    event_id: 1,
    event_name: 'Show',
    quantity,
    used: 0,
  });

  it('detaches what is no longer chosen and sends only new or changed quantities', () => {
    const changes = attachmentChanges([saved(1, -1), saved(2, 10), saved(3, -1)], { 1: -1, 2: 20, 4: -1 });
    expect(changes).toEqual({
      detach: [3],
      batches: [
        [
          { id: 2, quantity: 20 },
          { id: 4, quantity: -1 },
        ],
      ],
    });
  });

  it('sends a season larger than one attach call takes in several', () => {
    const attached = Object.fromEntries(Array.from({ length: attachBatchMax * 2 + 1 }, (_, i) => [i + 1, -1]));
    const { batches } = attachmentChanges([], attached);
    expect(batches.map((b) => b.length)).toEqual([attachBatchMax, attachBatchMax, 1]);
  });
});
