import type { DaySeatState, DaySeatStates, EventSeating, EventSeatingBody, SeatMap } from '@portal/contract';
import { toggledAll } from '../../lib/seat-plan.ts';

export type SeatState = DaySeatState | 'free';

export type StateSeat = {
  key: string;
  ID: number;
  label: string;
  x: number;
  y: number;
  category: string;
  accessible: boolean;
  state: SeatState;
};
/** A section as drawn (lib/seat-plan's PlanSection), its seats with their states. */
export type StateSection = {
  key: string;
  name: string;
  x: number;
  y: number;
  rows: { label: string; seats: StateSeat[] }[];
};

/** The day's map as the seat view draws it: each seat keyed by its id, with its state on the day. */
export function stateSections(day: DaySeatStates): StateSection[] {
  const states = new Map(day.seats.map((s) => [s.ID, s.state]));
  return day.seat_map.sections.map((section) => ({
    key: String(section.ID),
    name: section.name,
    x: section.x,
    y: section.y,
    rows: section.rows.map((row) => ({
      label: row.label,
      seats: row.seats.map((seat) => ({ ...seat, key: String(seat.ID), state: states.get(seat.ID) ?? 'free' })),
    })),
  }));
}

/** A seat's name for assistive technology and tests: "Stalls, row A, seat 5, sold". */
export const seatStateName = (section: string, row: string, seat: StateSeat) =>
  `${section}, row ${row}, seat ${seat.label}, ${seat.state}${seat.accessible ? ', accessible' : ''}`;

/** The organizer holds back free seats and releases held ones; a sold or reserved seat is the buyer's. */
export const isChoosable = (state: SeatState) => state === 'free' || state === 'held';

const allSeats = (sections: readonly StateSection[]) => sections.flatMap((s) => s.rows.flatMap((r) => r.seats));

/** How many of the chosen seats each action would change: free ones to hold back, held ones to release. */
export function chosenCounts(sections: readonly StateSection[], chosen: ReadonlySet<number>) {
  const counts = { free: 0, held: 0 };
  for (const seat of allSeats(sections))
    if (chosen.has(seat.ID) && (seat.state === 'free' || seat.state === 'held')) counts[seat.state] += 1;
  return counts;
}

/** Every seat held back once the chosen ones are held back or released: the set the API saves, ascending. */
export function heldAfter(
  sections: readonly StateSection[],
  chosen: ReadonlySet<number>,
  action: 'hold' | 'release',
): number[] {
  return allSeats(sections)
    .filter((seat) =>
      action === 'hold'
        ? seat.state === 'held' || (seat.state === 'free' && chosen.has(seat.ID))
        : seat.state === 'held' && !chosen.has(seat.ID),
    )
    .map((seat) => seat.ID)
    .sort((a, b) => a - b);
}

/** Each ticket type's category in the seating form: null sells no seats. */
export type CategoryChoice = Record<number, number | null>;

/**
 * What the form starts from on a map: the saved category when the event already sells from that map,
 * else the category named like the ticket type, else the map's only category, else none.
 */
export function startingCategories(
  types: readonly { ID: number; name: string }[],
  map: Pick<SeatMap, 'ID' | 'categories'>,
  saved: EventSeating,
): CategoryChoice {
  const savedOf = new Map(saved.ticket_types.map((t) => [t.ID, t.seat_category_id]));
  const byName = new Map(map.categories.map((c) => [c.name.trim().toLowerCase(), c.ID]));
  const only = map.categories.length === 1 ? map.categories[0]!.ID : null;
  return Object.fromEntries(
    types.map((type) => [
      type.ID,
      (saved.seat_map_id === map.ID ? savedOf.get(type.ID) : undefined) ??
        byName.get(type.name.trim().toLowerCase()) ??
        only,
    ]),
  );
}

/** The body of PUT /events/:id/seating: general admission when no map is chosen. */
export function seatingBody(mapId: number | null, categories: CategoryChoice): EventSeatingBody {
  if (mapId === null) return { seat_map_id: null, ticket_types: [] };
  return {
    seat_map_id: mapId,
    ticket_types: Object.entries(categories)
      .filter((entry): entry is [string, number] => entry[1] !== null)
      .map(([ID, seat_category_id]) => ({ ID: Number(ID), seat_category_id })),
  };
}

/** Whether the form's seating is the one saved: the Save button has nothing to do. */
export function isSavedSeating(body: EventSeatingBody, saved: EventSeating) {
  const key = (s: { seat_map_id: number | null; ticket_types: readonly { ID: number; seat_category_id: number }[] }) =>
    JSON.stringify([
      s.seat_map_id,
      [...s.ticket_types].sort((a, b) => a.ID - b.ID).map((t) => [t.ID, t.seat_category_id]),
    ]);
  return key(body) === key(saved);
}

/** The choice after a click on seats (one, or a row): only the choosable ones among them count. */
export function toggled(chosen: ReadonlySet<number>, seats: readonly StateSeat[]): Set<number> {
  return toggledAll(
    chosen,
    seats.filter((seat) => isChoosable(seat.state)).map((seat) => seat.ID),
  );
}
