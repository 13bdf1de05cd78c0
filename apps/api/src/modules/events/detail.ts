import { asc, eq } from 'drizzle-orm';
import type { EventDetail } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { eventDays, sponsors } from '../../db/schema/index.ts';
import { toCents } from '../../lib/money.ts';
import { ticketsWaitingToMint } from '../chain-sync/index.ts';
import { toSponsor } from './extras.ts';
import { budget, toDay } from './list.ts';
import { ownedEvent } from './owned.ts';
import { ticketTypesOf } from './ticket-types-of.ts';

/**
 * GET /events/{id}: the event with its days, ticket types (and their promo codes), sponsors, and how
 * many of its tickets wait to be minted.
 */
export async function getEventDetail(
  db: Db,
  partnerId: number,
  eventId: number,
  withPromos: boolean,
): Promise<EventDetail> {
  const e = await ownedEvent(db, partnerId, eventId);
  const [days, types, sponsorRows, waitingToMint] = await Promise.all([
    db.select().from(eventDays).where(eq(eventDays.eventId, e.id)).orderBy(asc(eventDays.startDate)),
    ticketTypesOf(db, [e.id], withPromos),
    db.select().from(sponsors).where(eq(sponsors.eventId, e.id)).orderBy(asc(sponsors.id)),
    ticketsWaitingToMint(db, e.id),
  ]);
  return {
    ID: e.id,
    name: e.name,
    venue: e.venue,
    event_type: e.eventType,
    description: e.description,
    image: e.image,
    gate_time: e.gateTime,
    street_address: e.streetAddress,
    secondary_address: e.secondaryAddress,
    city: e.city,
    state: e.state,
    country: e.country,
    zip_code: e.zipCode,
    time_zone: e.timeZone,
    time_slots: e.timeSlots,
    rrule: e.rrule,
    recurrence_id: e.recurrenceId,
    start_date: (days[0]?.startDate ?? e.createdAt).toISOString(),
    selling_time: e.sellingTime?.toISOString() ?? null,
    total_event_budget: budget(types.map((t) => ({ amount: t.amount, priceCents: toCents(t.initial_price) }))),
    active_on_widget: e.activeOnWidget,
    transfering_allowed: e.transferingAllowed,
    selling_allowed: e.sellingAllowed,
    event_days: days.map(toDay),
    ticket_types: types,
    sponsors: sponsorRows.map(toSponsor),
    tickets_waiting_to_mint: waitingToMint,
  };
}
