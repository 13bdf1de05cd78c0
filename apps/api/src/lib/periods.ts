// The months the event list and the analytics group events by, named as the event list's SQL names them.

/** Rows by a key, each group in the rows' order. */
function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** One formatter per time zone: building one costs far more than formatting with it. */
const periodFormats = new Map<string, Intl.DateTimeFormat>();

/** 'MMMM YYYY' of the event's start, in the event's own time zone. */
export function periodOf(isoStart: string, timeZone: string): string {
  let format = periodFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone });
    periodFormats.set(timeZone, format);
  }
  return format.format(new Date(isoStart));
}

/** Groups events (already oldest first) by period, keeping that order, as the event list does in SQL. */
export function groupByPeriod<T extends { start_date: string; time_zone: string }>(
  items: T[],
): { period: string; events: T[] }[] {
  return [...groupBy(items, (item) => periodOf(item.start_date, item.time_zone))].map(([period, evs]) => ({
    period,
    events: evs,
  }));
}
