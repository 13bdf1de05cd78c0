/** The day a view of an event's days opens on: the first that has not ended, else the last. */
export function firstOpenDay(days: readonly { ID: number; end_date: string }[], now = new Date()): number | null {
  return (days.find((day) => new Date(day.end_date) > now) ?? days.at(-1))?.ID ?? null;
}
