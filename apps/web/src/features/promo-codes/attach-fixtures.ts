import type { EventListItem } from '@portal/contract';

const HOUR = 3_600_000;

/** An event of the partner's list, starting `inDays` from now for two hours, with its ticket types. */
export function listedEvent(
  ID: number,
  name: string,
  inDays: number,
  types: string[],
  extra: Partial<EventListItem> = {},
): EventListItem {
  const start = new Date(Date.now() + inDays * 24 * HOUR).toISOString();
  const end = new Date(Date.now() + inDays * 24 * HOUR + 2 * HOUR).toISOString();
  return {
    ID,
    name,
    venue: 'The Pier',
    event_type: 'concert',
    image: '',
    time_zone: 'America/Los_Angeles',
    time_slots: false,
    rrule: '',
    recurrence_id: null,
    start_date: start,
    selling_time: null,
    total_event_budget: 0,
    active_on_widget: false,
    transfering_allowed: false,
    selling_allowed: false,
    event_days: [{ ID: ID * 10, event_id: ID, start_date: start, end_date: end, quantity: 0, sold: 0 }],
    ticket_types: types.map((t, i) => ({ ID: ID * 100 + i, name: t })),
    ...extra,
  };
}

/** The weekly Open Mic's recurrence. */
export const openMicSeries = 'c0ffee00-0000-4000-8000-000000000001';

const openMic = (ID: number, inDays: number) =>
  listedEvent(ID, 'Open Mic', inDays, ['Entry', 'VIP'], { recurrence_id: openMicSeries, rrule: 'FREQ=WEEKLY' });

/** A past talk, the weekly Open Mic (one date past, two to come) and two upcoming events. */
export const attachDemo = () => [
  listedEvent(1, 'Spring Talk', -20, ['Seat']),
  openMic(2, -3),
  openMic(3, 4),
  openMic(4, 11),
  listedEvent(5, 'Harbour Festival', 60, ['Weekend Pass', 'Day Pass']),
  listedEvent(6, 'Saltwater Sessions', 2, ['General Admission', 'VIP']),
];
