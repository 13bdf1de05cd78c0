import { asc, eq, inArray } from 'drizzle-orm';
import type { EventDay, EventListItem } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { eventDays, events, ticketTypes } from '../../db/schema/index.ts';
import { toDollars } from '../../lib/money.ts';

export const toDay = (d: typeof eventDays.$inferSelect): EventDay => ({
  ID: d.id,
  event_id: d.eventId,
  start_date: d.startDate.toISOString(),
  end_date: d.endDate.toISOString(),
  quantity: d.quantity,
  sold: d.sold,
});

/** What the event grosses if every ticket sells at face value, in dollars. */
export const budget = (types: { amount: number; priceCents: number }[]) =>
  toDollars(types.reduce((sum, t) => sum + t.amount * t.priceCents, 0));

/** Rows by a key, each group in the rows' order. */
function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** The partner's events with their days and ticket types, oldest first. */
export async function listEvents(db: Db, partnerId: number): Promise<EventListItem[]> {
  const rows = await db.select().from(events).where(eq(events.partnerId, partnerId));
  if (rows.length === 0) return [];
  const ids = rows.map((e) => e.id);
  const [days, types] = await Promise.all([
    db.select().from(eventDays).where(inArray(eventDays.eventId, ids)).orderBy(asc(eventDays.startDate)),
    db
      .select({
        id: ticketTypes.id,
        eventId: ticketTypes.eventId,
        name: ticketTypes.name,
        amount: ticketTypes.amount,
        priceCents: ticketTypes.initialPriceCents,
      })
      .from(ticketTypes)
      .where(inArray(ticketTypes.eventId, ids))
      .orderBy(asc(ticketTypes.id)),
  ]);

  const daysOf = groupBy(days, (d) => d.eventId);
  const typesOf = groupBy(types, (t) => t.eventId);
  const items = rows.map((e) => {
    const eventDaysOf = daysOf.get(e.id) ?? [];
    const eventTypes = typesOf.get(e.id) ?? [];
    return {
      ID: e.id,
      name: e.name,
      venue: e.venue,
      event_type: e.eventType,
      image: e.image,
      time_zone: e.timeZone,
      time_slots: e.timeSlots,
      rrule: e.rrule,
      recurrence_id: e.recurrenceId,
      start_date: (eventDaysOf[0]?.startDate ?? e.createdAt).toISOString(),
      selling_time: e.sellingTime?.toISOString() ?? null,
      total_event_budget: budget(eventTypes),
      active_on_widget: e.activeOnWidget,
      transfering_allowed: e.transferingAllowed,
      selling_allowed: e.sellingAllowed,
      event_days: eventDaysOf.map(toDay),
      ticket_types: eventTypes.map((t) => ({ ID: t.id, name: t.name })),
    };
  });
  return items.sort((a, b) => a.start_date.localeCompare(b.start_date) || a.ID - b.ID);
}

/** One formatter per time zone: building one costs far more than formatting with it. */
const periodFormats = new Map<string, Intl.DateTimeFormat>();

/** 'MMMM YYYY' of the event's start, in the event's own time zone. */
export function periodOf(isoStart: string, timeZone: string): string {
  let format = periodFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone });
    periodFormats.set(timeZone, format);
  }
  return format.format(new Date(isoStart));
}

/** Groups events (already oldest first) by period, keeping that order; analytics groups its cards the same way. */
export function groupByPeriod<T extends { start_date: string; time_zone: string }>(
  items: T[],
): { period: string; events: T[] }[] {
  return [...groupBy(items, (item) => periodOf(item.start_date, item.time_zone))].map(([period, evs]) => ({
    period,
    events: evs,
  }));
}
