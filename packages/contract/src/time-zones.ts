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

/**
 * The instant at which the clocks in `tz` show this wall time (given as a Date's UTC fields).
 * Two corrections settle the offset on either side of a DST change; a wall time that does not
 * exist (skipped forward) lands just after the gap, as calendars do.
 */
export function fromWallClock(wall: Date, tz: string): Date {
  let guess = wall.getTime();
  for (let i = 0; i < 2; i++) guess += wall.getTime() - partsIn(new Date(guess), tz);
  return new Date(guess);
}
