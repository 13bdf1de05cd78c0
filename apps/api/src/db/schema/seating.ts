import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { eventDays, events, ticketTypes } from './events.ts';
import { seatCategories, seatMaps, seats } from './seat-maps.ts';
import { ref, timestampTz } from './columns.ts';

/** The seat map an event sells from (every day of it). */
export const eventSeating = pgTable('event_seating', {
  eventId: ref('event_id', () => events.id, 'cascade').primaryKey(),
  // No cascade: a map in use cannot be deleted from under its events.
  seatMapId: ref('seat_map_id', () => seatMaps.id),
});

/** The seat category a ticket type sells. */
export const ticketTypeSeatCategories = pgTable(
  'ticket_type_seat_categories',
  {
    ticketTypeId: ref('ticket_type_id', () => ticketTypes.id, 'cascade').primaryKey(),
    seatCategoryId: ref('seat_category_id', () => seatCategories.id),
  },
  (t) => [index('ticket_type_seat_categories_category_idx').on(t.seatCategoryId)],
);

export const daySeatStates = ['held', 'reserved', 'sold'] as const;

/**
 * What a day holds of a seat that is not simply free: held back by the organizer, reserved for a buyer
 * until `expires_at`, or sold. One row per day and seat: a seat can be taken once by construction.
 */
export const eventDaySeats = pgTable(
  'event_day_seats',
  {
    eventDayId: ref('event_day_id', () => eventDays.id, 'cascade'),
    seatId: ref('seat_id', () => seats.id),
    state: text('state', { enum: daySeatStates }).notNull(),
    /** The buyer's reservation it belongs to, while reserved. */
    holdToken: uuid('hold_token'),
    expiresAt: timestampTz('expires_at'),
    /** The ticket that sold it. */
    ticketId: integer('ticket_id'),
  },
  (t) => [
    primaryKey({ columns: [t.eventDayId, t.seatId] }),
    index('event_day_seats_hold_idx').on(t.holdToken),
    index('event_day_seats_seat_idx').on(t.seatId),
    check(
      'event_day_seats_reserved_ck',
      sql`(${t.state} = 'reserved') = (${t.holdToken} is not null and ${t.expiresAt} is not null)`,
    ),
  ],
);
