/** How an event's moment reads: its day, its day and time, or with the weekday too. */
const day = { month: 'short', day: 'numeric', year: 'numeric' } satisfies Intl.DateTimeFormatOptions;
const moment = {
  ...day,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
} satisfies Intl.DateTimeFormatOptions;
const styles = { day, moment, weekday: { weekday: 'short', ...moment } } satisfies Record<
  string,
  Intl.DateTimeFormatOptions
>;

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

/**
 * The same with its weekday, where the day of the week is the point: "Sun, Jan 10, 2027, 8:00 PM PST".
 * The portal's day choices and the widget write a day so, and the browser tests expect it so.
 */
export const formatWeekdayInZone = (iso: string, timeZone: string) => inZone(iso, timeZone, 'weekday');

/** The calendar day of an event's moment in the event's own time zone: "Dec 15, 2026". */
export const formatDayInZone = (iso: string, timeZone: string) => inZone(iso, timeZone, 'day');
