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
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { eventTypeValues } from '@portal/contract';
import { createdAt } from './identity.ts';
import { partners } from './partners.ts';

export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    venue: text('venue').notNull(),
    eventType: text('event_type', { enum: eventTypeValues }).notNull(),
    description: text('description').notNull().default(''),
    image: text('image').notNull().default(''),
    streetAddress: text('street_address').notNull().default(''),
    secondaryAddress: text('secondary_address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    timeZone: text('time_zone').notNull(),
    /** Negative hours before start (design §8). */
    gateTime: doublePrecision('gate_time').notNull().default(-1),
    sellingTime: timestamp('selling_time', { withTimezone: true }),
    timeSlots: boolean('time_slots').notNull().default(false),
    rrule: text('rrule').notNull().default(''),
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
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    /** 0 on a day without its own capacity: the ticket types' amounts govern. */
    quantity: integer('quantity').notNull().default(0),
    sold: integer('sold').notNull().default(0),
  },
  (t) => [
    index('event_days_event_idx').on(t.eventId, t.startDate),
    check('event_days_sold_ck', sql`${t.sold} >= 0 and (${t.quantity} = 0 or ${t.sold} <= ${t.quantity})`),
    check('event_days_range_ck', sql`${t.startDate} < ${t.endDate}`),
  ],
);

export const sponsors = pgTable('sponsors', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default(''),
  image: text('image').notNull().default(''),
});

export const supportContacts = pgTable('support_contacts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  contact: text('contact').notNull(),
});

/** Ticket designs. */
export const templates = pgTable('templates', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  partnerId: integer('partner_id')
    .notNull()
    .references(() => partners.id, { onDelete: 'cascade' }),
  image: text('image').notNull(),
  createdAt: createdAt(),
});

export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    initialPriceCents: integer('initial_price_cents').notNull().default(0),
    amount: integer('amount').notNull().default(1),
    holdsAmount: integer('holds_amount').notNull().default(0),
    /** Sold counts change only in the transaction that writes the order (design §8). */
    sold: integer('sold').notNull().default(0),
    status: boolean('status').notNull().default(true),
    templateId: integer('template_id').references(() => templates.id, { onDelete: 'set null' }),
    /** A fraction: 0.05 is 5 %. */
    secondaryRoyalty: doublePrecision('secondary_royalty').notNull().default(0.05),
    sellingTime: timestamp('selling_time', { withTimezone: true }),
    createdAt: createdAt(),
    /*
     * The analytics read model (docs/analytics.md): the figures of this type's tickets, kept in the
     * transaction that changes them (a sale's stock guard, a refund's settlement, a resale), so the
     * overall analytics and billing read these rows instead of counting tickets. Unlike `sold`, the
     * stock counter, they split paid tickets from comps and carry money. Never copied to another type.
     */
    /** Tickets in circulation (valid or listed) issued at a price above 0. */
    ticketsSold: integer('tickets_sold').notNull().default(0),
    /** Tickets in circulation issued at price 0. */
    ticketsComps: integer('tickets_comps').notNull().default(0),
    /** What was paid for the tickets in circulation. */
    soldCents: bigint('sold_cents', { mode: 'number' }).notNull().default(0),
    /** Kept from settled refunds: price paid − amount refunded, over the refunded tickets. */
    retainedCents: bigint('retained_cents', { mode: 'number' }).notNull().default(0),
    /** The partner's royalties on sold resales of this type's tickets. */
    royaltyCents: bigint('royalty_cents', { mode: 'number' }).notNull().default(0),
    /** Tickets in circulation admitted at the gate (a refunded one leaves the count). */
    ticketsCheckedIn: integer('tickets_checked_in').notNull().default(0),
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
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sold: integer('sold').notNull().default(0),
    comps: integer('comps').notNull().default(0),
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
