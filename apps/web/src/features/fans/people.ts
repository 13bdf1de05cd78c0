/** The spec's table shows first and last names; a fan has one full name, split at its first space. */
export function splitName(fullName: string): { first: string; last: string } {
  const name = fullName.trim();
  const space = name.indexOf(' ');
  return space === -1 ? { first: name, last: '' } : { first: name.slice(0, space), last: name.slice(space + 1).trim() };
}

/** Monday 00:00 of the ISO week holding `date`, in the browser's time zone. */
function weekStart(date: Date): Date {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
  return start;
}

/** Notes are split into this ISO week's and earlier ones (back-office §4). */
export function splitByIsoWeek<T extends { CreatedAt: string }>(notes: T[], now = new Date()) {
  const start = weekStart(now).getTime();
  return {
    thisWeek: notes.filter((n) => new Date(n.CreatedAt).getTime() >= start),
    earlier: notes.filter((n) => new Date(n.CreatedAt).getTime() < start),
  };
}
