import type { SalesDay } from '@portal/contract';

const DAY = 86_400_000;

/** The API lists only days with a sale; a time axis needs the quiet days too, at zero. */
export function withQuietDays(days: SalesDay[]): SalesDay[] {
  if (days.length === 0) return [];
  const byDate = new Map(days.map((d) => [d.date, d]));
  const all: SalesDay[] = [];
  const last = Date.parse(days.at(-1)!.date);
  for (let t = Date.parse(days[0]!.date); t <= last; t += DAY) {
    const date = new Date(t).toISOString().slice(0, 10);
    all.push(byDate.get(date) ?? { date, sold: 0, comps: 0, value: 0 });
  }
  return all;
}
