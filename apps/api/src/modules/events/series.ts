import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { fromWallClock, toWallClock } from '@portal/contract';
import type { Tx } from '../../db/client.ts';
import { eventDays, events, orders, sponsors, ticketTypes } from '../../db/schema/index.ts';
import { conflict, invalid } from '../../lib/http-error.ts';
import { expandRecurrence } from './recurrence.ts';

export type DaySpan = { start: Date; end: Date; quantity: number };

/** Moves every day of an occurrence to another occurrence, by wall-clock time in the event's zone. */
export function shiftDays(days: DaySpan[], occurrence: Date, tz: string): DaySpan[] {
  const delta = toWallClock(occurrence, tz).getTime() - toWallClock(days[0]!.start, tz).getTime();
  const move = (d: Date) => fromWallClock(new Date(toWallClock(d, tz).getTime() + delta), tz);
  return days.map((d) => ({ start: move(d.start), end: move(d.end), quantity: d.quantity }));
}

/**
 * A new rule for a series: occurrences it no longer has are deleted unless they have sold tickets
 * (those stay, with their history); occurrences it gains are created like the edited event, with its
 * days, ticket types and sponsors. The series starts where it started.
 */
export async function reschedule(tx: Tx, template: typeof events.$inferSelect, rule: string) {
  const series = await tx
    .select({
      id: events.id,
      start: sql<string>`(select min(${eventDays.startDate}) from ${eventDays} where ${eventDays.eventId} = "events"."id")`,
    })
    .from(events)
    .where(eq(events.recurrenceId, template.recurrenceId!));
  const starts = new Map(series.map((e) => [new Date(e.start).getTime(), e.id]));
  const anchor = new Date(Math.min(...starts.keys()));
  const wanted = expandRecurrence(rule, anchor, template.timeZone);
  const wantedTimes = new Set(wanted.map((d) => d.getTime()));

  const dropped = series.filter((e) => !wantedTimes.has(new Date(e.start).getTime())).map((e) => e.id);
  const sold = dropped.length
    ? new Set(
        (await tx.selectDistinct({ id: orders.eventId }).from(orders).where(inArray(orders.eventId, dropped))).map(
          (r) => r.id,
        ),
      )
    : new Set<number>();
  const removable = dropped.filter((id) => !sold.has(id));

  // The edited event is the model for new occurrences, so it is read before anything is deleted.
  const days = await tx
    .select()
    .from(eventDays)
    .where(eq(eventDays.eventId, template.id))
    .orderBy(asc(eventDays.startDate));
  const types = await tx.select().from(ticketTypes).where(eq(ticketTypes.eventId, template.id));
  const sponsorRows = await tx.select().from(sponsors).where(eq(sponsors.eventId, template.id));
  const spans = days.map((d) => ({ start: d.startDate, end: d.endDate, quantity: d.quantity }));
  const fresh = wanted.filter((d) => !starts.has(d.getTime()));

  // The organiser is on the edited event's page: when the rule drops its date (a new weekday), it
  // moves to the first new date from now on (the first at all if none is ahead) rather than
  // vanishing under them.
  if (removable.includes(template.id)) {
    if (fresh.length === 0) {
      throw invalid('The new rule has no date for this event. Choose a rule that keeps it, or delete the event.', {
        rrule: 'no date for this event',
      });
    }
    const ahead = fresh.findIndex((d) => d.getTime() >= Date.now());
    const [moveTo] = fresh.splice(Math.max(ahead, 0), 1);
    const moved = shiftDays(spans, moveTo!, template.timeZone);
    for (const [i, d] of days.entries()) {
      // Only while nothing is sold on it: a sale since the look above keeps the event where it is.
      const [kept] = await tx
        .update(eventDays)
        .set({ startDate: moved[i]!.start, endDate: moved[i]!.end })
        .where(and(eq(eventDays.id, d.id), eq(eventDays.sold, 0)))
        .returning({ id: eventDays.id });
      if (!kept) throw conflict('Tickets were just sold for this date. Try again.');
    }
  }
  const deleted = removable.filter((id) => id !== template.id);
  if (deleted.length) await tx.delete(events).where(inArray(events.id, deleted));

  const { id: _id, createdAt: _createdAt, ...fields } = template;
  for (const occurrence of fresh) {
    const [created] = await tx
      .insert(events)
      .values({ ...fields, rrule: rule })
      .returning({ id: events.id });
    const eventId = created!.id;
    await tx.insert(eventDays).values(
      shiftDays(spans, occurrence, template.timeZone).map((d) => ({
        eventId,
        startDate: d.start,
        endDate: d.end,
        quantity: d.quantity,
      })),
    );
    if (types.length) {
      await tx.insert(ticketTypes).values(
        // A new occurrence starts with nothing sold: neither the stock counter nor the analytics sums.
        types.map(
          ({
            id: _t,
            eventId: _e,
            sold: _s,
            ticketsSold: _ts,
            ticketsComps: _tc,
            soldCents: _sc,
            retainedCents: _rc,
            royaltyCents: _rr,
            ticketsCheckedIn: _ci,
            createdAt: _c,
            ...t
          }) => ({ ...t, eventId }),
        ),
      );
    }
    if (sponsorRows.length)
      await tx.insert(sponsors).values(sponsorRows.map(({ id: _s, eventId: _e, ...s }) => ({ ...s, eventId })));
  }
  await tx.update(events).set({ rrule: rule }).where(eq(events.recurrenceId, template.recurrenceId!));
}
