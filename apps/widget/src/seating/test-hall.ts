import type { DaySeats } from '@portal/contract';

const seat = (ID: number, label: string, x: number, y: number, category = 'Stalls') => ({
  ID,
  label,
  x,
  y,
  category,
  accessible: false,
});
/** A small hall for the chooser's tests: two sections, three categories' worth of types, one seat taken. */
export const hall: DaySeats = {
  seat_map: {
    ID: 1,
    venueID: 1,
    venue: 'Harbour Hall',
    name: 'Main floor',
    seat_count: 7,
    revision: 1,
    updated_at: '2026-11-20T10:00:00.000Z',
    categories: [
      { ID: 10, name: 'Premium', color: '#aa3355' },
      { ID: 11, name: 'Stalls', color: '#3355aa' },
    ],
    sections: [
      {
        ID: 1,
        name: 'Stalls',
        x: 10,
        y: 20,
        rows: [
          { label: 'A', seats: [seat(1, '1', 0, 0, 'Premium'), seat(2, '2', 1, 0, 'Premium'), seat(3, '3', 2, 0)] },
          { label: 'B', seats: [seat(4, '1', 0, 1), seat(5, '2', 1, 1), seat(6, '3', 2.2, 1)] },
        ],
      },
      { ID: 2, name: 'Balcony', x: 10, y: 5, rows: [{ label: 'A', seats: [seat(7, '1', 5, 0)] }] },
    ],
  },
  taken: [3],
  ticket_types: [
    { ID: 100, name: 'Premium', price: 80, seat_category_id: 10 },
    { ID: 101, name: 'Stalls', price: 40, seat_category_id: 11 },
    { ID: 102, name: 'Stalls concession', price: 25, seat_category_id: 11 },
  ],
};
