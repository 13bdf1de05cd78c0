import { conflict, invalid } from '../../lib/http-error.ts';
import { seatsNotHeld } from './record-sale.ts';

/** A seat of the buyer's hold, as the quote reads it. */
export type HeldSeat = {
  id: number;
  category_id: number;
  /** The category's name, for a refusal that says what the hold has. */
  category: string;
  section: string;
  row: string;
  label: string;
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

/**
 * The seats each line's tickets take. A line of a type that sells a category pays for seats of the
 * hold: in every category, as many tickets as the hold has seats. Lines take their category's seats
 * in ticket type order, each the next by seat id, so a retry of the same basket seats it the same way.
 * A basket without a hold may hold no seated type; `held` is null then.
 */
export function seatsOfLines(lines: Line[], held: HeldSeat[] | null): Map<number, HeldSeat[]> {
  const seated = lines.filter((l) => l.categoryId !== null).sort((a, b) => a.typeId - b.typeId);
  const byType = new Map<number, HeldSeat[]>();
  if (held === null) {
    if (seated.length > 0) throw conflict('Choose your seats first.', { seat_hold: 'required' });
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
    throw invalid(`Choose one ticket for each seat you hold: ${describeHold(held)}.`, {
      items: 'one ticket per held seat',
    });
  }
  for (const l of seated) byType.set(l.typeId, free.get(l.categoryId!)!.splice(0, l.quantity));
  return byType;
}
