import { randomUUID } from 'node:crypto';
import { RRule } from '../../lib/rrule.ts';
import type { EventType } from '@portal/contract';
import type { Db } from '../client.ts';
import {
  eventDays,
  events,
  promocodes,
  promocodeTicketTypes,
  sponsors,
  supportContacts,
  templates,
  ticketTypes,
} from '../schema/index.ts';
import type { Storage } from '../../adapters/storage/index.ts';
import { emblemPng } from './png.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

type TypeSpec = { name: string; priceCents: number; amount: number; holds?: number; description?: string };
type DaySpec = { start: Date; end: Date; quantity?: number };
type EventSpec = {
  name: string;
  venue: string;
  eventType: EventType;
  timeZone: string;
  city: string;
  days: DaySpec[];
  types: TypeSpec[];
  timeSlots?: boolean;
  rrule?: string;
  recurrenceId?: string;
  onWidget?: boolean;
  description?: string;
};

/** `hour` o'clock local time, `offsetDays` from today, where local is `utcOffset` hours from UTC (winter time). */
function eveningIn(now: Date, offsetDays: number, hour = 19, utcOffset = -8): Date {
  const d = new Date(now.getTime() + offsetDays * DAY);
  d.setUTCHours(hour - utcOffset, 0, 0, 0);
  return d;
}

export type SeededEvent = {
  id: number;
  days: { id: number; start: Date }[];
  types: { id: number; priceCents: number; amount: number }[];
};

async function createEvent(
  db: Db,
  partnerId: number,
  templateId: number,
  now: Date,
  spec: EventSpec,
): Promise<SeededEvent> {
  const [event] = await db
    .insert(events)
    .values({
      partnerId,
      name: spec.name,
      venue: spec.venue,
      eventType: spec.eventType,
      description: spec.description ?? `${spec.name} at ${spec.venue}.`,
      streetAddress: '1 Waterfront Way',
      city: spec.city,
      state: '',
      country: 'United States',
      zipCode: '97201',
      timeZone: spec.timeZone,
      gateTime: -1,
      sellingTime: new Date(now.getTime() - 60 * DAY),
      timeSlots: spec.timeSlots ?? false,
      rrule: spec.rrule ?? '',
      recurrenceId: spec.recurrenceId ?? null,
      activeOnWidget: spec.onWidget ?? false,
      transferingAllowed: spec.onWidget ?? false,
      sellingAllowed: spec.onWidget ?? false,
    })
    .returning({ id: events.id });
  if (!event) throw new Error('event not seeded');
  const days = await db
    .insert(eventDays)
    .values(
      spec.days.map((d) => ({ eventId: event.id, startDate: d.start, endDate: d.end, quantity: d.quantity ?? 0 })),
    )
    .returning({ id: eventDays.id, start: eventDays.startDate });
  const types = await db
    .insert(ticketTypes)
    .values(
      spec.types.map((t) => ({
        eventId: event.id,
        name: t.name,
        description: t.description ?? '',
        initialPriceCents: t.priceCents,
        amount: t.amount,
        holdsAmount: t.holds ?? 0,
        templateId,
        secondaryRoyalty: 0.05,
      })),
    )
    .returning({ id: ticketTypes.id, priceCents: ticketTypes.initialPriceCents, amount: ticketTypes.amount });
  return { id: event.id, days, types };
}

const ticketDesign = (storage: Storage) =>
  storage.put(emblemPng(96, [250, 250, 250], [27, 73, 101], [244, 162, 89]), 'image/png');

/** Harbour Lights Live's events, sponsors and promo codes, written for `partnerId`. */
export async function seedEvents(db: Db, storage: Storage, partnerId: number, now: Date) {
  const designUrl = await ticketDesign(storage);
  const [design] = await db.insert(templates).values({ partnerId, image: designUrl }).returning({ id: templates.id });
  const tz = 'America/Los_Angeles';
  const make = (spec: EventSpec) => createEvent(db, partnerId, design!.id, now, spec);

  const pastTalk = await make({
    name: 'Spring Speaker Series',
    venue: 'Harbour Hall',
    eventType: 'speaker',
    timeZone: tz,
    city: 'Portland',
    days: [{ start: eveningIn(now, -20, 18), end: eveningIn(now, -20, 21) }],
    types: [
      { name: 'Seat', priceCents: 3000, amount: 120 },
      { name: 'Student', priceCents: 0, amount: 20 },
    ],
  });
  const concert = await make({
    name: 'Saltwater Sessions',
    venue: 'The Boathouse',
    eventType: 'concert',
    timeZone: tz,
    city: 'Portland',
    onWidget: true,
    days: [{ start: eveningIn(now, 21, 20), end: eveningIn(now, 21, 23) }],
    types: [
      { name: 'General Admission', priceCents: 4500, amount: 400, holds: 10, description: 'Standing, doors at 7 pm.' },
      { name: 'VIP', priceCents: 12000, amount: 50, description: 'Balcony seat and a drink.' },
    ],
  });
  const festival = await make({
    name: 'Harbour Lights Festival',
    venue: 'Waterfront Park',
    eventType: 'festival',
    timeZone: tz,
    city: 'Portland',
    onWidget: true,
    days: [0, 1, 2].map((i) => ({ start: eveningIn(now, 60 + i, 12), end: eveningIn(now, 60 + i, 23) })),
    types: [
      { name: 'Weekend Pass', priceCents: 15000, amount: 1000 },
      { name: 'Day Pass', priceCents: 6000, amount: 600 },
    ],
  });
  const tours = await make({
    name: 'Lighthouse Night Tours',
    venue: 'Cape Point Lighthouse',
    eventType: 'other',
    timeZone: tz,
    city: 'Portland',
    timeSlots: true,
    days: [18, 19, 20, 21].map((h) => ({ start: eveningIn(now, 35, h), end: eveningIn(now, 35, h + 1), quantity: 25 })),
    types: [
      { name: 'Adult', priceCents: 2500, amount: 80 },
      { name: 'Child', priceCents: 1200, amount: 20 },
    ],
  });

  const rule = 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TH;COUNT=6';
  // Expanded on wall-clock time (as if UTC), then placed in Pacific time, so BYDAY means the local day.
  const starts = new RRule({ ...RRule.parseString(rule), dtstart: eveningIn(now, 7, 20, 0) })
    .all()
    .map((wall) => new Date(wall.getTime() + 8 * HOUR));
  const recurrenceId = randomUUID();
  const openMics: SeededEvent[] = [];
  for (const start of starts) {
    openMics.push(
      await make({
        name: 'Open Mic at The Pier',
        venue: 'Pier 39 Stage',
        eventType: 'comedy',
        timeZone: tz,
        city: 'Portland',
        rrule: rule,
        recurrenceId,
        days: [{ start, end: new Date(start.getTime() + 2 * HOUR) }],
        types: [{ name: 'Entry', priceCents: 1500, amount: 80 }],
      }),
    );
  }

  await db.insert(sponsors).values([
    { eventId: festival.id, name: 'Coastline Coffee', image: designUrl },
    { eventId: festival.id, name: 'Tidewater Bank', image: '' },
    { eventId: concert.id, name: 'Boathouse Brewing', image: '' },
  ]);
  await db.insert(supportContacts).values([
    { eventId: concert.id, contact: 'help@harbourlights.test' },
    { eventId: festival.id, contact: '+1 503 555 0199' },
  ]);

  const promos = await db
    .insert(promocodes)
    .values([
      {
        partnerId,
        code: 'EARLYBIRD',
        couponType: 'percentage',
        percentage: 0.1,
        startDate: new Date(now.getTime() - 30 * DAY),
        endDate: new Date(now.getTime() + 14 * DAY),
      },
      {
        partnerId,
        code: 'HARBOUR5',
        couponType: 'flat',
        discountCents: 500,
        startDate: new Date(now.getTime() - 30 * DAY),
        endDate: new Date(0),
      },
      {
        partnerId,
        code: 'SUMMER25',
        couponType: 'percentage',
        percentage: 0.25,
        startDate: new Date(now.getTime() - 90 * DAY),
        endDate: new Date(now.getTime() - 60 * DAY),
        active: false,
      },
      {
        partnerId,
        code: 'CREWONLY',
        couponType: 'flat',
        discountCents: 1000,
        startDate: now,
        endDate: new Date(0),
        draft: true,
      },
    ])
    .returning({ id: promocodes.id, code: promocodes.code });
  const promo = (code: string) => promos.find((p) => p.code === code)!.id;
  await db.insert(promocodeTicketTypes).values([
    { promocodeId: promo('EARLYBIRD'), ticketTypeId: concert.types[0]!.id, quantity: 100 },
    { promocodeId: promo('EARLYBIRD'), ticketTypeId: festival.types[0]!.id, quantity: 200 },
    { promocodeId: promo('HARBOUR5'), ticketTypeId: concert.types[0]!.id, quantity: -1 },
    { promocodeId: promo('HARBOUR5'), ticketTypeId: tours.types[0]!.id, quantity: -1 },
    { promocodeId: promo('SUMMER25'), ticketTypeId: festival.types[1]!.id, quantity: 50 },
  ]);

  return {
    pastTalk,
    concert,
    festival,
    tours,
    openMics,
    promos: { earlybird: promo('EARLYBIRD'), harbour5: promo('HARBOUR5') },
  };
}

/** Northfield Arts Centre's gala and its own EARLYBIRD, which shares a name with Harbour's. */
export async function seedNorthEvents(db: Db, storage: Storage, northId: number, now: Date) {
  const [design] = await db
    .insert(templates)
    .values({ partnerId: northId, image: await ticketDesign(storage) })
    .returning({ id: templates.id });
  await db.insert(promocodes).values({
    partnerId: northId,
    code: 'EARLYBIRD',
    couponType: 'flat',
    discountCents: 800,
    startDate: now,
    endDate: new Date(0),
  });
  return createEvent(db, northId, design!.id, now, {
    name: 'Winter Gala',
    venue: 'Northfield Main Stage',
    eventType: 'concert',
    timeZone: 'America/New_York',
    city: 'Boston',
    days: [{ start: eveningIn(now, 45, 19, -5), end: eveningIn(now, 45, 22, -5) }],
    types: [{ name: 'Stalls', priceCents: 5500, amount: 300 }],
  });
}
