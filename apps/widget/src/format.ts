import { formatWeekdayInZone } from '@portal/contract';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatMoney = (dollars: number) => money.format(dollars);

/**
 * A date and time in the event's own time zone, named, whatever the visitor's: "Tue, Dec 15, 2026, 8:00 PM PST".
 * On a partner's page a zone this browser does not know still shows the moment, in the visitor's zone.
 */
export function formatWhen(iso: string, timeZone: string) {
  try {
    return formatWeekdayInZone(iso, timeZone);
  } catch {
    return new Date(iso).toLocaleString('en-US');
  }
}
