/** A seat in words, the same on a ticket, at the gate and in the orders: "Stalls, row A, seat 5". */
export const seatInWords = (seat: { section: string; row: string; label: string }) =>
  `${seat.section}, row ${seat.row}, seat ${seat.label}`;
