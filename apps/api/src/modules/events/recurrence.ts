import { fromWallClock, toWallClock } from '@portal/contract';
import { RRule } from '../../lib/rrule.ts';
import { invalid } from '../../lib/http-error.ts';

/** A series without an end still needs one: it is generated this far ahead. */
export const MAX_OCCURRENCES = 104;
const MAX_SPAN_MS = 2 * 366 * 86_400_000;

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
 * start; the duration of the first is kept by the caller.
 */
export function expandRecurrence(rule: string, firstStart: Date, timeZone: string): Date[] {
  const text = rule.replace(/^RRULE:/i, '').trim();
  const keys = text.split(';').map((part) => part.split('=')[0]?.toUpperCase() ?? '');
  if (!text || keys.some((k) => !ALLOWED_KEYS.has(k))) {
    throw invalid('The recurrence rule is not valid.', {
      rrule: 'uses FREQ, INTERVAL, BYDAY, BYSETPOS, BYMONTHDAY, COUNT or UNTIL',
    });
  }
  // Every number must be a whole number before rrule sees it: a fractional INTERVAL never ends.
  const values = new Map(text.split(';').map((part) => part.split('=') as [string, string | undefined]));
  for (const key of ['INTERVAL', 'COUNT', 'BYMONTHDAY', 'BYSETPOS']) {
    const v = values.get(key);
    if (v !== undefined && !/^[+-]?\d+(,[+-]?\d+)*$/.test(v)) {
      throw invalid('The recurrence rule is not valid.', { rrule: `${key} must be a whole number` });
    }
  }
  const byDay = values.get('BYDAY');
  if (byDay !== undefined && !/^([+-]?\d?(MO|TU|WE|TH|FR|SA|SU))(,[+-]?\d?(MO|TU|WE|TH|FR|SA|SU))*$/.test(byDay)) {
    throw invalid('The recurrence rule is not valid.', { rrule: 'BYDAY must list days as SU, MO, TU, WE, TH, FR, SA' });
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
  if (options.count !== undefined && options.count !== null && (options.count < 1 || options.count > MAX_OCCURRENCES)) {
    throw invalid(`A series has between 1 and ${MAX_OCCURRENCES} occurrences.`, { rrule: 'COUNT out of range' });
  }

  const wallStart = toWallClock(firstStart, timeZone);
  // UNTIL is a date the organiser picked: the whole local day counts.
  const until = options.until
    ? new Date(
        Date.UTC(options.until.getUTCFullYear(), options.until.getUTCMonth(), options.until.getUTCDate(), 23, 59, 59),
      )
    : null;
  const horizon = new Date(wallStart.getTime() + MAX_SPAN_MS);
  let walls: Date[];
  try {
    const rrule = new RRule({ ...options, until: until && until < horizon ? until : horizon, dtstart: wallStart });
    walls = rrule.all((_d, i) => i < MAX_OCCURRENCES);
  } catch {
    throw invalid('The recurrence rule is not valid.', { rrule: 'cannot be expanded' });
  }
  if (walls.length === 0) throw invalid('The recurrence rule gives no dates.', { rrule: 'no occurrences' });
  return walls.map((wall) => fromWallClock(wall, timeZone));
}
