export const weekdays = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export type Weekday = (typeof weekdays)[number];
export type Frequency = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

export type Recurrence = {
  freq: Frequency;
  interval: number;
  days: Weekday[];
  monthly: 'day' | 'nth';
  monthDay: number;
  /** First to fifth weekday of the month. */
  setPos: number;
  setPosDay: Weekday;
  end: 'never' | 'count' | 'until';
  count: number;
  /** YYYY-MM-DD, a local date. */
  until: string;
};

/** The spec's defaults: weekly, every 1, on Sunday, ending on a date; 20 occurrences when counted. */
export const defaultRecurrence = (until: string): Recurrence => ({
  freq: 'WEEKLY',
  interval: 1,
  days: ['SU'],
  monthly: 'day',
  monthDay: 1,
  setPos: 1,
  setPosDay: 'MO',
  end: 'until',
  count: 20,
  until,
});

/** The RRULE the API expands (keys FREQ, INTERVAL, BYDAY, BYSETPOS, BYMONTHDAY, COUNT, UNTIL). */
export function toRrule(r: Recurrence): string {
  const parts = [`FREQ=${r.freq}`, `INTERVAL=${Math.max(1, Math.floor(r.interval))}`];
  if (r.freq === 'WEEKLY' && r.days.length) parts.push(`BYDAY=${weekdays.filter((d) => r.days.includes(d)).join(',')}`);
  if (r.freq === 'MONTHLY') {
    parts.push(r.monthly === 'day' ? `BYMONTHDAY=${r.monthDay}` : `BYDAY=${r.setPosDay};BYSETPOS=${r.setPos}`);
  }
  if (r.end === 'count') parts.push(`COUNT=${Math.max(1, Math.floor(r.count))}`);
  if (r.end === 'until') parts.push(`UNTIL=${r.until.replaceAll('-', '')}`);
  return parts.join(';');
}

/** Reads a rule back into the editor, for Modify on a recurring event. */
export function fromRrule(rule: string, fallbackUntil: string): Recurrence {
  const r = defaultRecurrence(fallbackUntil);
  const map = new Map(rule.split(';').map((p) => p.split('=') as [string, string]));
  const freq = map.get('FREQ');
  if (freq === 'DAILY' || freq === 'WEEKLY' || freq === 'MONTHLY' || freq === 'YEARLY') r.freq = freq;
  r.interval = Number(map.get('INTERVAL') ?? 1) || 1;
  const byDay =
    map
      .get('BYDAY')
      ?.split(',')
      .filter((d): d is Weekday => (weekdays as readonly string[]).includes(d)) ?? [];
  if (r.freq === 'WEEKLY' && byDay.length) r.days = byDay;
  if (r.freq === 'MONTHLY' && map.has('BYSETPOS')) {
    r.monthly = 'nth';
    r.setPos = Number(map.get('BYSETPOS'));
    r.setPosDay = byDay[0] ?? 'MO';
  } else if (map.has('BYMONTHDAY')) r.monthDay = Number(map.get('BYMONTHDAY'));
  if (map.has('COUNT')) {
    r.end = 'count';
    r.count = Number(map.get('COUNT'));
  } else if (map.has('UNTIL')) {
    const u = map.get('UNTIL')!;
    r.until = `${u.slice(0, 4)}-${u.slice(4, 6)}-${u.slice(6, 8)}`;
  } else r.end = 'never';
  return r;
}
