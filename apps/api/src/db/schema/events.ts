import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { eventTypeValues } from '@portal/contract';
import { partnerRef } from './partners.ts';
import { counter, createdAt, emptyText, id, optionalRef, ref, timestampTz } from './columns.ts';

export const events = pgTable(
  'events',
  {
    id: id(),
    partnerId: partnerRef(),
    name: text('name').notNull(),
    venue: text('venue').notNull(),
    eventType: text('event_type', { enum: eventTypeValues }).notNull(),
    description: emptyText('description'),
    image: emptyText('image'),
    streetAddress: emptyText('street_address'),
    secondaryAddress: emptyText('secondary_address'),
    city: emptyText('city'),
    state: emptyText('state'),
    country: emptyText('country'),
    zipCode: emptyText('zip_code'),
    timeZone: text('time_zone').notNull(),
    /** Negative hours before start (design §8). */
    gateTime: doublePrecision('gate_time').notNull().default(-1),
    sellingTime: timestampTz('selling_time'),
    timeSlots: boolean('time_slots').notNull().default(false),
    rrule: emptyText('rrule'),
    recurrenceId: uuid('recurrence_id'),
    activeOnWidget: boolean('active_on_widget').notNull().default(false),
    transferingAllowed: boolean('transfering_allowed').notNull().default(false),
    sellingAllowed: boolean('selling_allowed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('events_partner_idx').on(t.partnerId), index('events_recurrence_idx').on(t.recurrenceId)],
);

/** A day of a multi-day event, or a time slot; quantity is the slot's capacity. */
export const eventDays = pgTable(
  'event_days',
  {
    id: id(),
    eventId: ref('event_id', () => events.id, 'cascade'),
    startDate: timestampTz('start_date').notNull(),
    endDate: timestampTz('end_date').notNull(),
    /** 0 on a day without its own capacity: the ticket types' amounts govern. */
    quantity: counter('quantity'),
    sold: counter('sold'),
  },
  (t) => [
    index('event_days_event_idx').on(t.eventId, t.startDate),
    check('event_days_sold_ck', sql`${t.sold} >= 0 and (${t.quantity} = 0 or ${t.sold} <= ${t.quantity})`),
    check('event_days_range_ck', sql`${t.startDate} < ${t.endDate}`),
  ],
);

export const sponsors = pgTable('sponsors', {
  id: id(),
  eventId: ref('event_id', () => events.id, 'cascade'),
  name: emptyText('name'),
  image: emptyText('image'),
});

export const supportContacts = pgTable('support_contacts', {
  id: id(),
  eventId: ref('event_id', () => events.id, 'cascade'),
  contact: text('contact').notNull(),
});

/** Ticket designs. */
export const templates = pgTable('templates', {
  id: id(),
  partnerId: partnerRef(),
  image: text('image').notNull(),
  createdAt: createdAt(),
});

export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: id(),
    eventId: ref('event_id', () => events.id, 'cascade'),
    name: text('name').notNull(),
    description: emptyText('description'),
    initialPriceCents: counter('initial_price_cents'),
    amount: integer('amount').notNull().default(1),
    holdsAmount: counter('holds_amount'),
    /** Sold counts change only in the transaction that writes the order (design §8). */
    sold: counter('sold'),
    status: boolean('status').notNull().default(true),
    templateId: optionalRef('template_id', () => templates.id, 'set null'),
    /** A fraction: 0.05 is 5 %. */
    secondaryRoyalty: doublePrecision('secondary_royalty').notNull().default(0.05),
    sellingTime: timestampTz('selling_time'),
    createdAt: createdAt(),
    /*
     * The analytics read model (docs/analytics.md): the figures of this type's tickets, kept in the
     * transaction that changes them (a sale's stock guard, a refund's settlement, a resale), so the
     * overall analytics and billing read these rows instead of counting tickets. Unlike `sold`, the
     * stock counter, they split paid tickets from comps and carry money. Never copied to another type.
     */
    /** Tickets in circulation (valid or listed) issued at a price above 0. */
    ticketsSold: counter('tickets_sold'),
    /** Tickets in circulation issued at price 0. */
    ticketsComps: counter('tickets_comps'),
    /** What was paid for the tickets in circulation. */
    soldCents: bigint('sold_cents', { mode: 'number' }).notNull().default(0),
    /** Kept from settled refunds: price paid − amount refunded, over the refunded tickets. */
    retainedCents: bigint('retained_cents', { mode: 'number' }).notNull().default(0),
    /** The partner's royalties on sold resales of this type's tickets. */
    royaltyCents: bigint('royalty_cents', { mode: 'number' }).notNull().default(0),
    /** Tickets in circulation admitted at the gate (a refunded one leaves the count). */
    ticketsCheckedIn: counter('tickets_checked_in'),
  },
  (t) => [
    index('ticket_types_event_idx').on(t.eventId),
    check('ticket_types_stock_ck', sql`${t.sold} >= 0 and ${t.sold} + ${t.holdsAmount} <= ${t.amount}`),
    check('ticket_types_price_ck', sql`${t.initialPriceCents} >= 0`),
  ],
);

/**
 * The analytics read model's sales history: a type's tickets in circulation per calendar day of their
 * sale in the event's own time zone (paid, comps, what was paid), so an event's sales by day and
 * "today" read a row per selling day instead of every ticket. Written beside the type's sums, on
 * rows only a writer holding the type's row lock touches; rebuilt when the event changes time zone.
 */
export const ticketTypeSalesDays = pgTable(
  'ticket_type_sales_days',
  {
    ticketTypeId: ref('ticket_type_id', () => ticketTypes.id, 'cascade'),
    day: date('day', { mode: 'string' }).notNull(),
    sold: counter('sold'),
    comps: counter('comps'),
    soldCents: bigint('sold_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ticketTypeId, t.day] })],
);

/**
 * A partner's event list changes when an event, a day's dates or a ticket type's name or price
 * changes: triggers (migration 0022) count those changes here, and the list is answered again from
 * memory while the count and the days' sold figures are what they were (events/list-cache.ts). Not
 * bound to the partner by a key: a count left behind by a deleted partner is never read.
 */
export const eventListVersions = pgTable('event_list_versions', {
  partnerId: integer('partner_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
