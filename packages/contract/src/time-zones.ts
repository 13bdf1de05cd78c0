/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(date: Date, tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(date).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
}

/** The wall-clock time in `tz` at this instant, as a Date whose UTC fields read that wall time. */
export const toWallClock = (instant: Date, tz: string) => new Date(partsIn(instant, tz) + instant.getUTCMilliseconds());

const HALF_DAY = 12 * 3_600_000;

/**
 * The instant at which the clocks in `tz` show this wall time (given as a Date's UTC fields). The
 * zone's offsets half a day before and after give the candidates: a time shown twice (clocks going
 * back) is its first showing; a time never shown (clocks going forward) lands just after the gap.
 */
export function fromWallClock(wall: Date, tz: string): Date {
  const t = wall.getTime();
  const offsetAt = (instant: number) => partsIn(new Date(instant), tz) - Math.floor(instant / 1000) * 1000;
  const candidates = [t - offsetAt(t - HALF_DAY), t - offsetAt(t + HALF_DAY)];
  const shown = candidates.filter((c) => partsIn(new Date(c), tz) + (c % 1000) === t);
  return new Date(shown.length ? Math.min(...shown) : Math.max(...candidates));
}
