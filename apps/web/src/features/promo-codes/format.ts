import {
  formatDayInZone,
  formatWeekdayInZone,
  isUnlimited,
  type EventListItem,
  type PromoCode,
} from '@portal/contract';
import { formatMoney, toPercent } from '../../lib/format.ts';

export const discountText = (p: Pick<PromoCode, 'coupon_type' | 'discount' | 'percentage'>) =>
  p.coupon_type === 'flat' ? `${formatMoney(p.discount)} off` : `${toPercent(p.percentage)}% off`;

const day = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A promo whose end year is before 1971 is Unlimited (back-office §4). */
export const activeDaysText = (p: Pick<PromoCode, 'start_date' | 'end_date'>) =>
  isUnlimited(p.end_date) ? 'Unlimited' : `${day.format(new Date(p.start_date))} – ${day.format(new Date(p.end_date))}`;

/** When an event happens, in its own time zone, named: its first day, and how long it runs when longer. */
export function eventWhen(event: EventListItem): string {
  const days = event.event_days;
  const text = formatWeekdayInZone(days[0]?.start_date ?? event.start_date, event.time_zone);
  if (days.length < 2) return text;
  if (event.time_slots) return `${text} · ${days.length} time slots`;
  return `${text} – ${formatDayInZone(days.at(-1)!.start_date, event.time_zone)}`;
}
