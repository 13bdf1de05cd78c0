import type { DaySeats } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { getSeatMap } from '../seat-maps/index.ts';
import { seatedDay, takenSeats } from './seated-day.ts';

/** The day's map and the seats a buyer cannot have: taken, or in a category no ticket type sells now. */
export async function daySeats(db: Db, eventId: number, dayId: number, now = new Date()): Promise<DaySeats> {
  const day = await seatedDay(db, eventId, dayId, now);
  const [seatMap, taken] = await Promise.all([getSeatMap(db, day.partnerId, day.seatMapId), takenSeats(db, dayId)]);
  const onSale = new Set(day.ticketTypes.map((t) => t.seat_category_id));
  const categoryIds = new Map(seatMap.categories.map((c) => [c.name, c.ID]));
  const unsold = seatMap.sections.flatMap((section) =>
    section.rows.flatMap((row) =>
      row.seats.filter((seat) => !onSale.has(categoryIds.get(seat.category)!)).map((seat) => seat.ID),
    ),
  );
  return { seat_map: seatMap, taken: [...new Set([...taken, ...unsold])], ticket_types: day.ticketTypes };
}
