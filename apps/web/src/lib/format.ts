const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatMoney = (dollars: number) => money.format(dollars);

/** MM/DD/YYYY, the spec's date format for events, in the event's time zone. */
export function formatEventDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone }).format(
    new Date(iso),
  );
}

/** The time of an event's moment in its own zone, named: "8:00 PM PST". */
export function formatTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(iso));
}

/** Fractions travel on the wire (0.075); people read and type percent (7.5). */
export const toPercent = (fraction: number) => Math.round(fraction * 10_000) / 100;

/** The zones to choose from; the browser's list may lack the current one (e.g. plain UTC). */
export const timeZoneOptions = (current: string) => [...new Set([current, ...Intl.supportedValuesOf('timeZone')])];

const noteParts = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});

/** 'MMM, DD, YYYY, HH:MM A' (the spec's note date), in the browser's time zone. */
export function formatNoteDate(iso: string): string {
  const part = Object.fromEntries(noteParts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.month}, ${part.day}, ${part.year}, ${part.hour}:${part.minute} ${part.dayPeriod}`;
}

/** "1,234 orders", or "10,000+ orders" when the server stopped counting at its cap. */
export const countLabel = (list: { total: number; total_capped: boolean }, noun: string) =>
  `${list.total.toLocaleString('en-US')}${list.total_capped ? '+' : ''} ${noun}`;
