import { attachBatchMax, isUnlimited, UNLIMITED_END, type PromoCode, type PromoCodeInput } from '@portal/contract';
import { atLocalTime } from '../../lib/date-parts.ts';
import { toPercent } from '../../lib/format.ts';

export type PromoDraft = {
  code: string;
  couponType: 'flat' | 'percentage';
  /** What is typed in the discount field: digits with an optional decimal part. */
  amountText: string;
  unlimited: boolean;
  start: string;
  end: string;
  /** Ticket type id → quantity (-1 unlimited). */
  attached: Record<number, number>;
};

const DAY = 86_400_000;
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The wizard's defaults: flat, draft, active, limited days starting and ending at 12:00 pm. */
export function newPromoDraft(now = new Date(), tz = browserZone()): PromoDraft {
  return {
    code: '',
    couponType: 'flat',
    amountText: '',
    unlimited: false,
    start: atLocalTime(now.toISOString(), tz, 12),
    end: atLocalTime(new Date(now.getTime() + 7 * DAY).toISOString(), tz, 12),
    attached: {},
  };
}

export const fromPromo = (p: PromoCode, tz = browserZone()): PromoDraft => ({
  code: p.code,
  couponType: p.coupon_type,
  amountText: String(p.coupon_type === 'flat' ? p.discount : toPercent(p.percentage)),
  unlimited: isUnlimited(p.end_date),
  start: p.start_date,
  end: isUnlimited(p.end_date) ? atLocalTime(new Date(Date.now() + 7 * DAY).toISOString(), tz, 12) : p.end_date,
  attached: Object.fromEntries(p.TicketTypes.map((t) => [t.ID, t.quantity])),
});

/** The discount field keeps digits with an optional decimal part. */
export const acceptAmount = (typed: string, previous: string) => (/^\d*\.?\d*$/.test(typed) ? typed : previous);

/** Parsed when the field is left: a number, 0 when empty. */
export const parseAmount = (text: string) => {
  const n = Number.parseFloat(text);
  return Number.isFinite(n) ? n : 0;
};

/** Continue at step 1 needs a code name and a discount that is not zero. */
export const canLeaveStepOne = (d: PromoDraft) => d.code.trim() !== '' && parseAmount(d.amountText) > 0;

/** The wire form: flat in dollars, percentage divided by 100; Unlimited ends on 1 January 1970. */
export function toPromoInput(d: PromoDraft, partnerId: number): PromoCodeInput {
  const amount = parseAmount(d.amountText);
  return {
    code: d.code.trim(),
    coupon_type: d.couponType,
    discount: d.couponType === 'flat' ? amount : 0,
    percentage: d.couponType === 'percentage' ? amount / 100 : 0,
    start_date: d.start,
    end_date: d.unlimited ? UNLIMITED_END : d.end,
    draft: true,
    active: true,
    partner_id: partnerId,
  };
}

/**
 * What Continue at step 3 sends: the detachments, and the new or changed attachments in calls of at
 * most `attachBatchMax` (a season's select-all can be more than one call takes). Unchanged ones are
 * not sent again.
 */
export function attachmentChanges(saved: PromoCode['TicketTypes'], attached: PromoDraft['attached']) {
  const before = new Map(saved.map((t) => [t.ID, t.quantity]));
  const detach = saved.filter((t) => attached[t.ID] === undefined).map((t) => t.ID);
  const items = Object.entries(attached)
    .map(([id, quantity]) => ({ id: Number(id), quantity }))
    .filter((i) => before.get(i.id) !== i.quantity);
  const batches: (typeof items)[] = [];
  for (let i = 0; i < items.length; i += attachBatchMax) batches.push(items.slice(i, i + attachBatchMax));
  return { detach, batches };
}
