import { asc, eq, sql } from 'drizzle-orm';
import type { EventUpdate } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../adapters/storage/index.ts';
import type { Db } from '../../db/client.ts';
import { eventDays, events, ticketTypes } from '../../db/schema/index.ts';
import { invalid } from '../../lib/http-error.ts';
import { checkImage, withStoredImages } from '../../lib/images.ts';
import { fromWallClock, isTimeZone, toWallClock } from '@portal/contract';
import { ownedEvent } from './owned.ts';
import { reschedule } from './series.ts';
import { recountSalesDays } from '../analytics/index.ts';

/**
 * PUT /events/{id}. A new time zone keeps the wall-clock times (an 8 pm show stays at 8 pm where it
 * happens); a new start date moves the whole schedule by the same amount; a new recurrence rule
 * reschedules the series (see series.ts).
 */
export async function updateEvent(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  partnerId: number,
  eventId: number,
  patch: EventUpdate,
) {
  const event = await ownedEvent(db, partnerId, eventId);
  if (patch.time_zone !== undefined && !isTimeZone(patch.time_zone)) {
    throw invalid('Choose a time zone from the list.', { time_zone: 'unknown time zone' });
  }
  if (patch.rrule !== undefined && !event.recurrenceId) {
    throw invalid('Only a recurring event has a recurrence rule.', { rrule: 'not a recurring event' });
  }
  const checked = patch.image === undefined ? [] : [checkImage(patch.image, 'image')];

  // A change refused after the new image was stored (a rule with no dates) leaves no file behind.
  await withStoredImages(storage, log, checked, ([image]) =>
    db.transaction(async (tx) => {
      // The zone as it is now, locked against another edit (not against sales, whose rows only hold
      // the event's key): a concurrent change must not leave the days in another zone.
      const [current] = await tx
        .select({ timeZone: events.timeZone })
        .from(events)
        .where(eq(events.id, eventId))
        .for('no key update');
      const fromZone = current!.timeZone;
      const newZone = patch.time_zone !== undefined && patch.time_zone !== fromZone;
      // Sales per local day move with the zone: the types are locked first, in the order every
      // writer of stock keeps (types, then days), so no sale adds to the history being rebuilt.
      if (newZone) {
        await tx
          .select({ id: ticketTypes.id })
          .from(ticketTypes)
          .where(eq(ticketTypes.eventId, eventId))
          .orderBy(asc(ticketTypes.id))
          .for('no key update');
      }
      const days = await tx
        .select()
        .from(eventDays)
        .where(eq(eventDays.eventId, eventId))
        .orderBy(asc(eventDays.startDate));
      if (newZone) {
        const tz = patch.time_zone!;
        for (const d of days) {
          await tx
            .update(eventDays)
            .set({
              startDate: fromWallClock(toWallClock(d.startDate, fromZone), tz),
              endDate: fromWallClock(toWallClock(d.endDate, fromZone), tz),
            })
            .where(eq(eventDays.id, d.id));
        }
      }
      // After a zone change the first day has moved: the new start date shifts from where it is now.
      const [first] = await tx
        .select()
        .from(eventDays)
        .where(eq(eventDays.eventId, eventId))
        .orderBy(asc(eventDays.startDate))
        .limit(1);
      if (patch.start_date !== undefined && first) {
        const shift = new Date(patch.start_date).getTime() - first.startDate.getTime();
        await tx
          .update(eventDays)
          .set({
            startDate: sql`${eventDays.startDate} + ${`${shift} milliseconds`}::interval`,
            endDate: sql`${eventDays.endDate} + ${`${shift} milliseconds`}::interval`,
          })
          .where(eq(eventDays.eventId, eventId));
      }
      const values = {
        name: patch.name,
        description: patch.description,
        venue: patch.venue,
        eventType: patch.event_type,
        gateTime: patch.gate_time,
        timeZone: patch.time_zone,
        sellingTime:
          patch.selling_time === undefined ? undefined : patch.selling_time ? new Date(patch.selling_time) : null,
        image,
        activeOnWidget: patch.active_on_widget,
        transferingAllowed: patch.transfering_allowed,
        sellingAllowed: patch.selling_allowed,
      };
      const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      if (Object.keys(changes).length) await tx.update(events).set(changes).where(eq(events.id, eventId));
      if (newZone) await recountSalesDays(tx, sql`(${eventId}::int)`);
      if (patch.rrule !== undefined) {
        const [edited] = await tx.select().from(events).where(eq(events.id, eventId));
        await reschedule(tx, edited!, patch.rrule);
      }
    }),
  );
}
