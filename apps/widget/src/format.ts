const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatMoney = (dollars: number) => money.format(dollars);

/** A date and time in the event's own time zone, named, whatever the visitor's: "Tue, Dec 15, 2026, 8:00 PM PST". */
export function formatWhen(iso: string, timeZone: string) {
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date(iso));
  } catch {
    return new Date(iso).toLocaleString('en-US');
  }
}
