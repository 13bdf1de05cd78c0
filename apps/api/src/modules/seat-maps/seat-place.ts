import { sql, type AnyColumn } from 'drizzle-orm';
import type { SeatPlace } from '@portal/contract';
import { seats, seatSections } from '../../db/schema/index.ts';

/**
 * A ticket's seat as its holder, the gate and the orders name it ({ section, row, label }), or null
 * for general admission: one read by the seat's key, beside whatever the ticket's query reads.
 */
export const seatPlaceOf = (seatId: AnyColumn) =>
  sql<SeatPlace | null>`(select json_build_object('section', ${seatSections.name}, 'row', ${seats.rowLabel}, 'label', ${seats.label})
    from ${seats} join ${seatSections} on ${seatSections.id} = ${seats.sectionId} where ${seats.id} = ${seatId})`;
