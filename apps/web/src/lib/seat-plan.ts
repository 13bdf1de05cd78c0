/**
 * What the seat map editor and an event's seat view share of a drawn map: where things are, in map
 * units (a seat is 1 wide), each seat keyed for the drawing's focus and choice.
 */
export type PlanSeat = { key: string; x: number; y: number };
export type PlanRow = { label: string; seats: PlanSeat[] };
export type PlanSection = { key: string; x: number; y: number; rows: PlanRow[] };

/** The drawn extent of everything, in map units, with `margin` around it. */
export function bounds(sections: readonly PlanSection[], margin = 1.5) {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const section of sections)
    for (const row of section.rows)
      for (const seat of row.seats) {
        minX = Math.min(minX, section.x + seat.x);
        maxX = Math.max(maxX, section.x + seat.x);
        minY = Math.min(minY, section.y + seat.y);
        maxY = Math.max(maxY, section.y + seat.y);
      }
  if (minX === Infinity) return { x: -margin, y: -margin, width: 20, height: 10 };
  return { x: minX - margin, y: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin };
}

type Place = { section: number; row: number; seat: number };

function placeOf(sections: readonly PlanSection[], key: string): Place | null {
  for (const [s, section] of sections.entries())
    for (const [r, row] of section.rows.entries()) {
      const seat = row.seats.findIndex((candidate) => candidate.key === key);
      if (seat >= 0) return { section: s, row: r, seat };
    }
  return null;
}

/** The row in front of (-1) or behind (+1) a row, crossing into the next section at either end. */
function rowBeside(sections: readonly PlanSection[], place: Place, step: -1 | 1) {
  const row = place.row + step;
  const section = sections[place.section]!;
  if (row >= 0 && row < section.rows.length) return { section, row: section.rows[row]! };
  const next = sections[place.section + step];
  if (!next) return null;
  return { section: next, row: next.rows[step === 1 ? 0 : next.rows.length - 1]! };
}

const nearest = (row: PlanRow, x: number) =>
  row.seats.reduce((best, seat) => (Math.abs(seat.x - x) < Math.abs(best.x - x) ? seat : best));

/** The key of the seat an arrow key (or Home, End) moves the focus to from `key`, if any. */
export function seatNeighbour(sections: readonly PlanSection[], key: string, arrow: string): string | null {
  const place = placeOf(sections, key);
  if (!place) return null;
  const section = sections[place.section]!;
  const row = section.rows[place.row]!;
  const here = row.seats[place.seat]!;
  switch (arrow) {
    case 'ArrowLeft':
      return row.seats[place.seat - 1]?.key ?? null;
    case 'ArrowRight':
      return row.seats[place.seat + 1]?.key ?? null;
    case 'Home':
      return row.seats[0]!.key;
    case 'End':
      return row.seats.at(-1)!.key;
    case 'ArrowUp':
    case 'ArrowDown': {
      const beside = rowBeside(sections, place, arrow === 'ArrowUp' ? -1 : 1);
      return beside ? nearest(beside.row, here.x + section.x - beside.section.x).key : null;
    }
    default:
      return null;
  }
}

/** A click on seats (one, or a row) adds them to the choice, or takes them out when all are in it already. */
export function toggledAll<T>(chosen: ReadonlySet<T>, seats: readonly T[]): Set<T> {
  const next = new Set(chosen);
  const allChosen = seats.every((seat) => chosen.has(seat));
  for (const seat of seats) {
    if (allChosen) next.delete(seat);
    else next.add(seat);
  }
  return next;
}
