import type { SeatMap } from '@portal/contract';

type Seat = SeatMap['sections'][number]['rows'][number]['seats'][number];

/** A seat on the front line of its row; a test names only what it looks at. */
export const testSeat = (ID: number, label: string, x: number, seat: Partial<Seat> = {}): Seat => ({
  ID,
  label,
  x,
  y: 0,
  category: 'Standard',
  accessible: false,
  ...seat,
});

/** The saved map 9, "Hall" at Riverside, with categories 31 Standard and 32 `second`, holding `sections`. */
export const testSeatMap = (second: string, sections: SeatMap['sections']): SeatMap => ({
  ID: 9,
  venueID: 1,
  venue: 'Riverside',
  name: 'Hall',
  seat_count: sections.flatMap((s) => s.rows).flatMap((r) => r.seats).length,
  updated_at: '2099-01-01T00:00:00.000Z',
  revision: 1,
  categories: [
    { ID: 31, name: 'Standard', color: '#1c7ed6' },
    { ID: 32, name: second, color: '#e8590c' },
  ],
  sections,
});

/** Section `ID`, at `y` down the map, with the one row A of `seats`. */
export const testSection = (ID: number, name: string, y: number, seats: Seat[]): SeatMap['sections'][number] => ({
  ID,
  name,
  x: 0,
  y,
  rows: [{ label: 'A', seats }],
});
