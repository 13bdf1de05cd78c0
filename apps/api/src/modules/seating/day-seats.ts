import type { DaySeats } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { getSeatMap } from '../seat-maps/index.ts';
import { seatedDay, takenSeats } from './seated-day.ts';

export async function daySeats(db: Db, eventId: number, dayId: number, now = new Date()): Promise<DaySeats> {
  const day = await seatedDay(db, eventId, dayId, now);
  const [seatMap, taken] = await Promise.all([
    getSeatMap(db, day.partnerId, day.seatMapId),
    takenSeats(db, dayId, now),
  ]);
  return { seat_map: seatMap, taken, ticket_types: day.ticketTypes };
}
