import { invalid } from '../../lib/http-error.ts';
import { seatsNotHeld } from './record-sale.ts';

/** A seat of the buyer's hold, as the quote reads it. */
export type HeldSeat = {
  id: number;
  category_id: number;
  /** The category's name, for a refusal that says what the hold has. */
  category: string;
  /** The hold's time ran out: the seat is still its own, but another buyer may have taken others. */
  expired: boolean;
};

type Line = { typeId: number; categoryId: number | null; quantity: number };

const seatCount = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`;

/** "2 seats in Standard and 1 in Premium". */
function describeHold(held: HeldSeat[]) {
  const counts = new Map<string, number>();
  for (const seat of held) counts.set(seat.category, (counts.get(seat.category) ?? 0) + 1);
  const parts = [...counts].map(([name, n], i) => `${i === 0 ? seatCount(n) : n} in ${name}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]!;
}

const notTheHold = (held: HeldSeat[]) =>
  invalid(`Choose one ticket for each seat you hold: ${describeHold(held)}.`, { items: 'one ticket per held seat' });

/**
 * The seats each line's tickets take. A line of a type that sells a category pays for seats of the
 * hold: in every category, as many tickets as the hold has seats. Lines take their category's seats
 * in ticket type order, each the next by seat id, so a retry of the same basket seats it the same way.
 * With `pairing` the buyer chose the type of each seat (an adult's seat and a child's): followed as it is.
 * A basket without a hold may hold no seated type; `held` is null then.
 */
export function seatsOfLines(
  lines: Line[],
  held: HeldSeat[] | null,
  pairing?: readonly { seat_id: number; ticket_type_id: number }[],
): Map<number, HeldSeat[]> {
  const seated = lines.filter((l) => l.categoryId !== null).sort((a, b) => a.typeId - b.typeId);
  const byType = new Map<number, HeldSeat[]>();
  if (held === null) {
    if (seated.length > 0) throw invalid('Choose your seats first.', { seat_hold: 'required' });
    return byType;
  }
  // None left of it here: unknown, another day's or event's, sold already, or taken over whole.
  if (held.length === 0) throw seatsNotHeld();
  const free = new Map<number, HeldSeat[]>();
  for (const seat of held) free.set(seat.category_id, [...(free.get(seat.category_id) ?? []), seat]);
  const wanted = new Map<number, number>();
  for (const l of seated) wanted.set(l.categoryId!, (wanted.get(l.categoryId!) ?? 0) + l.quantity);
  const matches = wanted.size === free.size && [...wanted].every(([category, n]) => free.get(category)?.length === n);
  if (!matches) {
    // A hold whose time ran out may have lost seats to another buyer: it is that, not a wrong basket.
    if (held.some((s) => s.expired)) throw seatsNotHeld();
    throw notTheHold(held);
  }
  if (!pairing) {
    for (const l of seated) byType.set(l.typeId, free.get(l.categoryId!)!.splice(0, l.quantity));
    return byType;
  }
  // The buyer said which type each seat is: every held seat once, each as a type that sells its category.
  const heldById = new Map(held.map((seat) => [seat.id, seat]));
  const categoryOf = new Map(seated.map((l) => [l.typeId, l.categoryId]));
  for (const { seat_id, ticket_type_id } of pairing) {
    const seat = heldById.get(seat_id);
    if (!seat || categoryOf.get(ticket_type_id) !== seat.category_id) throw notTheHold(held);
    heldById.delete(seat_id);
    byType.set(ticket_type_id, [...(byType.get(ticket_type_id) ?? []), seat]);
  }
  if (heldById.size > 0 || seated.some((l) => byType.get(l.typeId)?.length !== l.quantity)) throw notTheHold(held);
  for (const list of byType.values()) list.sort((a, b) => a.id - b.id);
  return byType;
}
