import { randomUUID } from 'node:crypto';
import type { EventCreated, eventCreateSchema } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Storage } from '../../adapters/storage/index.ts';
import type { Db } from '../../db/client.ts';
import { eventDays, events, sponsors } from '../../db/schema/index.ts';
import { invalid } from '../../lib/http-error.ts';
import { checkImage, withStoredImages } from '../../lib/images.ts';
import { isTimeZone, toWallClock } from '@portal/contract';
import { expandRecurrence } from './recurrence.ts';
import { shiftDays } from './series.ts';

type Input = z.output<typeof eventCreateSchema>;
type Day = { start: Date; end: Date; quantity: number };

const localDate = (d: Date, tz: string) => toWallClock(d, tz).toISOString().slice(0, 10);

/** The spec's rules for days and slots, checked on the server whatever the wizard allowed. */
function checkDays(input: Input): Day[] {
  const days = input.event_days.map((d) => ({
    start: new Date(d.start_date),
    end: new Date(d.end_date),
    quantity: d.quantity,
  }));
  const slots = input.time_slots || input.isTimeSlot === true;
  if (slots) {
    const first = localDate(days[0]!.start, input.time_zone);
    if (days.some((d) => localDate(d.start, input.time_zone) !== first)) {
      throw invalid('All time slots share the first day of the event.', { event_days: 'slots on different days' });
    }
    if (days.some((d) => d.quantity < 1)) {
      throw invalid('Each time slot holds at least 1 ticket.', { event_days: 'slot quantity must be at least 1' });
    }
  }
  return days.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * Creates an event, or for a recurring rule one event per occurrence sharing a recurrence_id
 * (design §8), with its days, slots and sponsors, in one transaction.
 */
export async function createEvent(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  partnerId: number,
  input: Input,
): Promise<EventCreated | EventCreated[]> {
  if (!isTimeZone(input.time_zone))
    throw invalid('Choose a time zone from the list.', { time_zone: 'unknown time zone' });
  const days = checkDays(input);
  const rule = input.rrule.trim();
  const occurrences = rule ? expandRecurrence(rule, days[0]!.start, input.time_zone) : [days[0]!.start];
  // Every image is checked before any is stored, so a refused one leaves no file behind.
  const checked = [
    checkImage(input.image, 'image'),
    ...input.sponsors.map((s, i) => checkImage(s.image, `sponsors.${i}.image`)),
  ];
  const recurrenceId = rule ? randomUUID() : null;

  const created = await withStoredImages(storage, log, checked, ([image, ...logos]) =>
    db.transaction(async (tx) => {
      const answers: EventCreated[] = [];
      for (const occurrence of occurrences) {
        const [event] = await tx
          .insert(events)
          .values({
            partnerId,
            name: input.name,
            venue: input.venue,
            eventType: input.event_type,
            description: input.description,
            image,
            streetAddress: input.street_address,
            secondaryAddress: input.secondary_address,
            city: input.city,
            state: input.state,
            country: input.country,
            zipCode: input.zip_code,
            timeZone: input.time_zone,
            gateTime: input.gate_time,
            sellingTime: input.selling_time ? new Date(input.selling_time) : null,
            timeSlots: input.time_slots || input.isTimeSlot === true,
            rrule: rule,
            recurrenceId,
          })
          .returning({ id: events.id });
        const id = event!.id;
        await tx.insert(eventDays).values(
          shiftDays(days, occurrence, input.time_zone).map((d) => ({
            eventId: id,
            startDate: d.start,
            endDate: d.end,
            quantity: d.quantity,
          })),
        );
        if (logos.length) {
          await tx
            .insert(sponsors)
            .values(input.sponsors.map((s, i) => ({ name: s.name, image: logos[i]!, eventId: id })));
        }
        answers.push({ ID: id, rrule: rule, recurrence_id: recurrenceId });
      }
      return answers;
    }),
  );
  return rule ? created : created[0]!;
}
