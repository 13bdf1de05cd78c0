import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PublicEvent } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { eventDays, events, eventSeating, ticketTypes } from '../../db/schema/index.ts';
import { toDollars } from '../../lib/money.ts';
import { assertPartnerExists } from '../partners/index.ts';

/** A ticket type is on sale from its own selling time, or else the event's; without one, at once. */
export const onSaleCondition = (now: Date | SQL) =>
  sql`coalesce(${ticketTypes.sellingTime}, ${events.sellingTime}, '-infinity'::timestamptz) <= ${now instanceof Date ? now.toISOString() : now}::timestamptz`;

/** The partner's events on the widget, soonest first, with their days or slots and the ticket types on sale now. */
export async function publicEvents(db: Db, partnerId: number, now = new Date()): Promise<PublicEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.partnerId, partnerId), eq(events.activeOnWidget, true)))
    .orderBy(asc(events.id));
  if (rows.length === 0) {
    await assertPartnerExists(db, partnerId);
    return [];
  }
  const ids = rows.map((e) => e.id);
  const [days, types, seating] = await Promise.all([
    db.select().from(eventDays).where(inArray(eventDays.eventId, ids)).orderBy(asc(eventDays.startDate)),
    db
      .select({ type: ticketTypes })
      .from(ticketTypes)
      .innerJoin(events, eq(events.id, ticketTypes.eventId))
      .where(and(inArray(ticketTypes.eventId, ids), eq(ticketTypes.status, true), onSaleCondition(now)))
      .orderBy(asc(ticketTypes.id)),
    db.select({ eventId: eventSeating.eventId }).from(eventSeating).where(inArray(eventSeating.eventId, ids)),
  ]);
  const seated = new Set(seating.map((s) => s.eventId));
  return (
    rows
      .map((e) => ({
        ID: e.id,
        name: e.name,
        venue: e.venue,
        description: e.description,
        image: e.image,
        time_zone: e.timeZone,
        time_slots: e.timeSlots,
        seated: seated.has(e.id),
        transfering_allowed: e.transferingAllowed,
        selling_allowed: e.sellingAllowed,
        days: days
          .filter((d) => d.eventId === e.id && d.endDate > now)
          .map((d) => ({
            ID: d.id,
            start_date: d.startDate.toISOString(),
            end_date: d.endDate.toISOString(),
            left: d.quantity > 0 ? d.quantity - d.sold : null,
          })),
        ticket_types: types
          .filter(({ type }) => type.eventId === e.id)
          .map(({ type }) => ({
            ID: type.id,
            name: type.name,
            description: type.description,
            price: toDollars(type.initialPriceCents),
            left: type.amount - type.sold - type.holdsAmount,
          })),
      }))
      .filter((e) => e.days.length > 0 && e.ticket_types.length > 0)
      // Soonest first, by each event's next date: what a visitor looks for, whatever order they were made in.
      .sort((a, b) => a.days[0]!.start_date.localeCompare(b.days[0]!.start_date) || a.ID - b.ID)
  );
}
