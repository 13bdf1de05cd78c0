import {
  fromWallClock,
  isTimeZone,
  previewDates,
  seriesLimits,
  toWallClock,
  type RecurrencePreview,
} from '@portal/contract';
import { RRule } from '../../lib/rrule.ts';
import { invalid } from '../../lib/http-error.ts';

const { maxDates, openEndedDays, maxYears } = seriesLimits;
const DAY_MS = 86_400_000;
const FREQUENCIES = new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
const WEEKDAY = '[+-]?(?:[1-9]|[1-4]\\d|5[0-3])?(?:MO|TU|WE|TH|FR|SA|SU)';
const BY_DAY = new RegExp(`^${WEEKDAY}(?:,${WEEKDAY})*$`);

const ALLOWED_KEYS = new Set([
  'FREQ',
  'INTERVAL',
  'BYDAY',
  'BYSETPOS',
  'BYMONTHDAY',
  'COUNT',
  'UNTIL',
  'WKST',
  'BYMONTH',
]);

/**
 * Expands a recurrence rule from a first occurrence, in the event's time zone: 8 pm stays 8 pm on
 * both sides of a daylight-saving change, and BYDAY means the local day. Answers each occurrence's
 * start; the duration of the first is kept by the caller. At most `seriesLimits.maxDates`: a rule
 * with an end that gives more is refused; one without an end runs a year ahead.
 */
export function expandRecurrence(rule: string, firstStart: Date, timeZone: string): Date[] {
  const text = rule.replace(/^RRULE:/i, '').trim();
  const keys = text.split(';').map((part) => part.split('=')[0]?.toUpperCase() ?? '');
  if (!text || keys.some((k) => !ALLOWED_KEYS.has(k))) {
    throw invalid('The recurrence rule is not valid.', {
      rrule: 'uses FREQ, INTERVAL, BYDAY, BYSETPOS, BYMONTHDAY, COUNT or UNTIL',
    });
  }
  // Every number must be a whole number before rrule sees it: a fractional INTERVAL never ends. Keys
  // in any case, as rrule reads them.
  const values = new Map(
    text.split(';').map((part) => {
      const [key, value] = part.split('=');
      return [key?.toUpperCase() ?? '', value] as const;
    }),
  );
  for (const key of ['INTERVAL', 'COUNT', 'BYMONTHDAY', 'BYSETPOS']) {
    const v = values.get(key);
    if (v !== undefined && !/^[+-]?\d+(,[+-]?\d+)*$/.test(v)) {
      throw invalid('The recurrence rule is not valid.', { rrule: `${key} must be a whole number` });
    }
  }
  const freq = values.get('FREQ')?.toUpperCase();
  if (freq !== undefined && !FREQUENCIES.has(freq)) {
    throw invalid('A series repeats daily, weekly, monthly or yearly.', {
      rrule: 'FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY',
    });
  }
  const byDay = values.get('BYDAY');
  if (byDay !== undefined && !BY_DAY.test(byDay.toUpperCase())) {
    throw invalid('The recurrence rule is not valid.', { rrule: 'BYDAY must list days as SU, MO, TU, WE, TH, FR, SA' });
  }
  if (neverMatches(freq ?? '', values)) {
    throw invalid('The recurrence rule gives no dates.', { rrule: 'no occurrences' });
  }
  let options;
  try {
    options = RRule.parseString(text);
  } catch {
    throw invalid('The recurrence rule is not valid.', { rrule: 'cannot be read' });
  }
  if (options.freq === undefined) throw invalid('The recurrence rule is not valid.', { rrule: 'FREQ is required' });
  if (options.interval !== undefined && options.interval < 1) {
    throw invalid('The interval must be at least 1.', { rrule: 'INTERVAL must be at least 1' });
  }
  if (options.count !== undefined && options.count !== null && (options.count < 1 || options.count > maxDates)) {
    throw invalid(`A series has between 1 and ${maxDates} dates.`, { rrule: 'COUNT out of range' });
  }

  const wallStart = toWallClock(firstStart, timeZone);
  const until = untilWall(values.get('UNTIL'), timeZone);
  const counted = options.count !== undefined && options.count !== null;
  const openEnded = !until && !counted;
  const lastDay = new Date(wallStart.getTime() + maxYears * 366 * DAY_MS);
  const tooLong = () =>
    invalid(`A series ends within ${maxYears} years of its first date. Choose an earlier end.`, {
      rrule: `runs past ${maxYears} years`,
    });
  if (until && until > lastDay) throw tooLong();
  let walls: Date[];
  try {
    const rrule = new RRule({
      ...options,
      until: until ?? (openEnded ? new Date(wallStart.getTime() + openEndedDays * DAY_MS) : lastDay),
      dtstart: wallStart,
    });
    // One more than allowed tells a rule that gives too many from one that gives exactly enough.
    walls = rrule.all((_d, i) => i <= maxDates);
  } catch {
    throw invalid('The recurrence rule is not valid.', { rrule: 'cannot be expanded' });
  }
  if (walls.length === 0) throw invalid('The recurrence rule gives no dates.', { rrule: 'no occurrences' });
  if (counted && walls.length < options.count!) throw tooLong();
  if (walls.length > maxDates) {
    if (!openEnded) {
      throw invalid(
        `A series has at most ${maxDates} dates, and this one would have more. Choose an earlier end date.`,
        {
          rrule: `more than ${maxDates} occurrences`,
        },
      );
    }
    walls = walls.slice(0, maxDates);
  }
  return walls.map((wall) => fromWallClock(wall, timeZone));
}

/**
 * UNTIL as the wall-clock moment the series stops after, in the event's zone. A date the organiser
 * picked (YYYYMMDD) counts as that whole local day; RFC 5545's date-time forms are an instant in UTC
 * (…Z) or a local time, and stop exactly there.
 */
function untilWall(value: string | undefined, timeZone: string): Date | null {
  if (value === undefined) return null;
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/i.exec(value);
  if (!m) throw invalid('The recurrence rule is not valid.', { rrule: 'UNTIL must be a date (YYYYMMDD)' });
  const [, y, mo, d, h, mi, sec, utc] = m;
  if (h === undefined) return new Date(Date.UTC(+y!, +mo! - 1, +d!, 23, 59, 59));
  const at = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h, +mi!, +sec!));
  return utc ? toWallClock(at, timeZone) : at;
}

/** The dates a rule gives from a first start, as creating the series would make them. */
export function previewRecurrence(q: { rrule: string; start_date: string; time_zone: string }): RecurrencePreview {
  if (!isTimeZone(q.time_zone)) throw invalid('Choose a time zone from the list.', { time_zone: 'unknown time zone' });
  const dates = expandRecurrence(q.rrule, new Date(q.start_date), q.time_zone);
  return { dates: dates.slice(0, previewDates).map((d) => d.toISOString()), total: dates.length };
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const numbers = (v: string | undefined) => (v === undefined ? [] : v.split(',').map(Number));

/**
 * Rules that can never give a date (February 30th, a sixth Monday, the tenth of one day a week). The
 * rrule library only stops at UNTIL or COUNT when a date matches, so it would walk such a rule to the
 * year 9999, holding the process for seconds: they are refused before it sees them.
 */
function neverMatches(freq: string, values: Map<string, string | undefined>): boolean {
  const months = numbers(values.get('BYMONTH'));
  const monthDays = numbers(values.get('BYMONTHDAY'));
  if (months.some((m) => m < 1 || m > 12) || monthDays.some((d) => d === 0 || Math.abs(d) > 31)) return true;
  const longest = Math.max(...(months.length ? months : [1]).map((m) => DAYS_IN_MONTH[m - 1] ?? 31));
  if (monthDays.length && monthDays.every((d) => Math.abs(d) > longest)) return true;
  const days = (values.get('BYDAY') ?? '').toUpperCase().split(',').filter(Boolean);
  const ordinals = days.map((d) => Number(d.slice(0, -2) || 0));
  // An ordinal counts within the month (monthly, or yearly by month) or the year.
  const widest = freq === 'MONTHLY' || (freq === 'YEARLY' && months.length) ? 5 : freq === 'YEARLY' ? 53 : 0;
  if (ordinals.some((n) => n !== 0 && Math.abs(n) > widest)) return true;
  const positions = numbers(values.get('BYSETPOS'));
  const perPeriod = { DAILY: 1, WEEKLY: days.length || 7, MONTHLY: 31, YEARLY: 366 }[freq] ?? 366;
  return positions.some((p) => p === 0 || Math.abs(p) > perPeriod);
}
