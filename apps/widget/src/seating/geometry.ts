import type { DaySeats } from '@portal/contract';

/** A seat as the buyer sees it: where it is on the whole map, what it costs, and whether it is free. */
export type PlacedSeat = {
  id: number;
  section: string;
  row: string;
  label: string;
  x: number;
  y: number;
  categoryId: number;
  accessible: boolean;
  free: boolean;
};

export type Box = { x: number; y: number; width: number; height: number };

/**
 * Every seat of the map at its place on the whole map (a section's seats sit relative to its origin),
 * in the map's own order of sections and rows, each row's seats left to right: the keyboard's reading
 * order, which a curved or staggered row keeps (seats stored in another order, or numbered from the
 * right, still read left to right).
 */
export function placeSeats(data: DaySeats): PlacedSeat[] {
  const taken = new Set(data.taken);
  const categoryIds = new Map(data.seat_map.categories.map((c) => [c.name.toLowerCase(), c.ID]));
  return data.seat_map.sections.flatMap((section) =>
    section.rows.flatMap((row) =>
      [...row.seats]
        .sort((a, b) => a.x - b.x)
        .map((seat) => ({
          id: seat.ID,
          section: section.name,
          row: row.label,
          label: seat.label,
          x: section.x + seat.x,
          y: section.y + seat.y,
          categoryId: categoryIds.get(seat.category.toLowerCase()) ?? 0,
          accessible: seat.accessible,
          free: !taken.has(seat.ID),
        })),
    ),
  );
}

/** The smallest box around every seat, with a seat's width of margin. */
export function boundsOf(seats: readonly PlacedSeat[]): Box {
  if (seats.length === 0) return { x: 0, y: 0, width: 1, height: 1 };
  const xs = seats.map((s) => s.x);
  const ys = seats.map((s) => s.y);
  const x = Math.min(...xs) - 1;
  const y = Math.min(...ys) - 1;
  return { x, y, width: Math.max(...xs) + 1 - x, height: Math.max(...ys) + 1 - y };
}

/** At most this much closer than the whole map: a seat then fills a good part of a phone's width. */
const closest = 12;

/**
 * The view scaled by `factor` around the point (cx, cy) of the map, which stays where it is on the
 * screen; never wider than the whole map nor closer than `closest`.
 */
export function zoomed(
  view: Box,
  whole: Box,
  factor: number,
  cx = view.x + view.width / 2,
  cy = view.y + view.height / 2,
) {
  const width = Math.min(whole.width, Math.max(whole.width / closest, view.width / factor));
  const scale = width / view.width;
  const height = view.height * scale;
  return clamp({ x: cx - (cx - view.x) * scale, y: cy - (cy - view.y) * scale, width, height }, whole);
}

/** The view moved by (dx, dy) map units, kept over the map. */
export const panned = (view: Box, whole: Box, dx: number, dy: number) =>
  clamp({ ...view, x: view.x + dx, y: view.y + dy }, whole);

function clamp(view: Box, whole: Box): Box {
  const fit = (at: number, size: number, start: number, span: number) =>
    size >= span ? start + (span - size) / 2 : Math.min(Math.max(at, start), start + span - size);
  return {
    ...view,
    x: fit(view.x, view.width, whole.x, whole.width),
    y: fit(view.y, view.height, whole.y, whole.height),
  };
}
