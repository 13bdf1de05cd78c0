import { fromWallClock, toWallClock } from '@portal/contract';

/** A date and time as people type it: the spec's MM/DD/YYYY and hh:mm with am/pm. */
export type DateParts = { month: number; day: number; year: number; hour: number; minute: number; pm: boolean };

/**
 * The spec's rules for typed dates (back-office §5): month 1–12 and day 1–31, otherwise reset to 01;
 * a year before the current one becomes the current year.
 */
export function clampDate(parts: Pick<DateParts, 'month' | 'day' | 'year'>, currentYear: number) {
  return {
    month: parts.month >= 1 && parts.month <= 12 ? parts.month : 1,
    day: parts.day >= 1 && parts.day <= 31 ? parts.day : 1,
    year: parts.year >= currentYear ? parts.year : currentYear,
  };
}

/** Hour 1–12 and minute 0–59; a value outside is ignored and the previous one kept. */
export function acceptTime(previous: Pick<DateParts, 'hour' | 'minute'>, typed: { hour?: number; minute?: number }) {
  const hour =
    typed.hour !== undefined && Number.isInteger(typed.hour) && typed.hour >= 1 && typed.hour <= 12
      ? typed.hour
      : previous.hour;
  const minute =
    typed.minute !== undefined && Number.isInteger(typed.minute) && typed.minute >= 0 && typed.minute <= 59
      ? typed.minute
      : previous.minute;
  return { hour, minute };
}

/** The parts shown for an instant, in the event's time zone. */
export function toParts(iso: string, timeZone: string): DateParts {
  const wall = toWallClock(new Date(iso), timeZone);
  const h = wall.getUTCHours();
  return {
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    year: wall.getUTCFullYear(),
    hour: h % 12 === 0 ? 12 : h % 12,
    minute: wall.getUTCMinutes(),
    pm: h >= 12,
  };
}

/** The instant the parts name in the event's time zone, as ISO UTC. A day past the month's end rolls over. */
export function fromParts(p: DateParts, timeZone: string): string {
  const h24 = (p.hour % 12) + (p.pm ? 12 : 0);
  return fromWallClock(new Date(Date.UTC(p.year, p.month - 1, p.day, h24, p.minute)), timeZone).toISOString();
}

/** A date at a given local time (e.g. the default on-sale time, 10:00 pm) in the event's zone. */
export function atLocalTime(iso: string, timeZone: string, hour24: number, minute = 0): string {
  const p = toParts(iso, timeZone);
  return fromParts({ ...p, hour: hour24 % 12 === 0 ? 12 : hour24 % 12, minute, pm: hour24 >= 12 }, timeZone);
}

/** The same wall-clock time `days` calendar days later in the event's zone: 7 pm stays 7 pm across a DST change. */
export function addLocalDays(iso: string, days: number, timeZone: string): string {
  const p = toParts(iso, timeZone);
  return fromParts({ ...p, day: p.day + days }, timeZone);
}
