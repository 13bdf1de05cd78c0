import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventDays, events, tickets, ticketTypes, users } from '../../db/schema/index.ts';
import { seatPlaceOf } from '../seat-maps/index.ts';

/**
 * Whose tickets a holder call acts on: the fan's, and only those at one organiser when it names one
 * (a widget's session, which may reach nothing else). Another organiser's ticket is not found.
 */
export type Holder = { userId: number; partnerId?: number | undefined };

/** The holder's tickets, at their organiser when one is named: a query joined to the tickets' events. */
export const held = ({ userId, partnerId }: Holder) =>
  and(eq(tickets.ownerId, userId), partnerId === undefined ? undefined : eq(events.partnerId, partnerId));

/**
 * The holder's tickets, or the one named, with what their list and their printed pass show: the event,
 * the day's start, the type, the seat and the holder's name. Soonest day first.
 */
export function heldTickets(db: Db, holder: Holder, ticketId?: number) {
  return db
    .select({
      t: tickets,
      event: events,
      start: eventDays.startDate,
      type: ticketTypes.name,
      seat: seatPlaceOf(tickets.seatId),
      holder: users.fullName,
      email: users.email,
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(eventDays, eq(eventDays.id, tickets.eventDayId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .innerJoin(users, eq(users.id, tickets.ownerId))
    .where(and(held(holder), ticketId === undefined ? undefined : eq(tickets.id, ticketId)))
    .orderBy(asc(eventDays.startDate), asc(tickets.id));
}
