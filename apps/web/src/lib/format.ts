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

/** How an event's moment reads: its day, its day and time, or with the weekday too. */
const styles = {
  day: { month: 'short', day: 'numeric', year: 'numeric' },
  moment: {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
  weekday: {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Formatters by zone and style: building one costs far more than using it, and tables format many. */
const zoned = new Map<string, Intl.DateTimeFormat>();
function inZone(iso: string, timeZone: string, style: keyof typeof styles) {
  const key = `${timeZone} ${style}`;
  let format = zoned.get(key);
  if (!format) zoned.set(key, (format = new Intl.DateTimeFormat('en-US', { timeZone, ...styles[style] })));
  return format.format(new Date(iso));
}

/** A moment of an event in the event's own time zone, named, whatever the browser's: "Dec 15, 2026, 8:00 PM PST". */
export const formatInZone = (iso: string, timeZone: string) => inZone(iso, timeZone, 'moment');

/** The same with its weekday, where the day of the week is the point: "Sun, Jan 10, 2027, 8:00 PM PST". */
export const formatWeekdayInZone = (iso: string, timeZone: string) => inZone(iso, timeZone, 'weekday');

/** The calendar day of an event's moment in the event's own time zone: "Dec 15, 2026". */
export const formatDayInZone = (iso: string, timeZone: string) => inZone(iso, timeZone, 'day');

/** "1,234 orders", or "10,000+ orders" when the server stopped counting at its cap. */
export const countLabel = (list: { total: number; total_capped: boolean }, noun: string) =>
  `${list.total.toLocaleString('en-US')}${list.total_capped ? '+' : ''} ${noun}`;
