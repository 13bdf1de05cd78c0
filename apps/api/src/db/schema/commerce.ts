import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { createdAt, users } from './identity.ts';
import { members, partners } from './partners.ts';
import { promocodes } from './promo-codes.ts';
import { seats } from './seat-maps.ts';

export const transactionTypes = ['primary_sold', 'secondary_sold', 'sale_canceled', 'refunded'] as const;

/**
 * One line of a purchase: a quantity of one ticket type on one day or slot. Orders and tickets keep
 * their event, day and ticket type from being deleted: sales history never vanishes with them.
 *
 * The day and the ticket type are the rows every sale updates (their stock). A foreign key to them
 * would lock them again, shared, for each order and ticket written, and under a rush those shared
 * locks pile up on the hot rows (multixacts, page bloat that no pruning clears), costing more than
 * the sale itself. The sale's own guarded update already holds those rows, so the keys protected
 * nothing a sale needs; triggers (migration 0018) refuse deleting a day or a ticket type that has
 * orders or tickets, as the keys' `restrict` did.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    /** Kept from deletion by a trigger, not a foreign key (see `orders`). */
    eventDayId: integer('event_day_id').notNull(),
    /** Kept from deletion by a trigger, not a foreign key (see `orders`). */
    ticketTypeId: integer('ticket_type_id').notNull(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    promocodeId: integer('promocode_id').references(() => promocodes.id, { onDelete: 'set null' }),
    transactionType: text('transaction_type', { enum: transactionTypes }).notNull(),
    /** The payments port's reference of the charge. */
    paymentRef: text('payment_ref').notNull().default(''),
    createdAt: createdAt(),
    /**
     * What an orders search matches a buyer by: their name and e-mail, lower case, kept by triggers
     * (migration 0021) from the users row. In the newest-first index, a search for a common name reads
     * the newest orders until a page matches, from the index alone.
     */
    buyerSearch: text('buyer_search').notNull().default(''),
  },
  (t) => [
    // Newest first per partner, carrying buyer and event (and what a search matches the buyer by): a
    // page, a count and a filtered search are answered from the index alone.
    index('orders_partner_created_idx').on(
      t.partnerId,
      t.createdAt.desc(),
      t.id.desc(),
      t.buyerId,
      t.eventId,
      t.buyerSearch,
    ),
    index('orders_event_idx').on(t.eventId, t.createdAt),
    index('orders_buyer_idx').on(t.buyerId),
    index('orders_ticket_type_idx').on(t.ticketTypeId),
    check('orders_amounts_ck', sql`${t.quantity} > 0 and ${t.unitPriceCents} >= 0 and ${t.totalCents} >= 0`),
  ],
);

export const ticketStatuses = ['valid', 'listed', 'refunded', 'void'] as const;

export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    /** Kept from deletion by a trigger, not a foreign key (see `orders`). */
    eventDayId: integer('event_day_id').notNull(),
    /** Kept from deletion by a trigger, not a foreign key (see `orders`). */
    ticketTypeId: integer('ticket_type_id').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    pricePaidCents: integer('price_paid_cents').notNull(),
    status: text('status', { enum: ticketStatuses }).notNull().default('valid'),
    /** Random code printed on the ticket and typed or scanned at the gate. */
    code: text('code').notNull(),
    tokenId: text('token_id'),
    mintedAt: timestamp('minted_at', { withTimezone: true }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: integer('checked_in_by').references(() => members.id, { onDelete: 'set null' }),
    /** The scan a gate made offline that admitted the ticket: the same sync sent again admits nothing new. */
    checkInScanId: uuid('check_in_scan_id'),
    /**
     * The seat of a seated event's ticket, kept after a refund as history. A seat sold now cannot leave
     * its map (its `event_day_seats` row holds it); one of a refunded ticket can, and the ticket forgets it.
     */
    seatId: integer('seat_id').references(() => seats.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tickets_code_key').on(t.code),
    index('tickets_owner_idx').on(t.ownerId, t.partnerId),
    index('tickets_event_idx').on(t.eventId, t.ticketTypeId),
    index('tickets_order_idx').on(t.orderId),
    // Analytics reads only this index (docs/analytics.md): the tickets in circulation, per event and
    // type, with what was paid, when, and whether the holder came in.
    index('tickets_analytics_idx')
      .on(t.eventId, t.ticketTypeId, t.pricePaidCents, t.createdAt, t.checkedInAt)
      .where(sql`${t.status} in ('valid', 'listed')`),
    index('tickets_unminted_idx')
      .on(t.id)
      .where(sql`${t.mintedAt} is null`),
    // A map save that takes seats out finds their tickets here, not by reading every ticket.
    index('tickets_seat_idx')
      .on(t.seatId)
      .where(sql`${t.seatId} is not null`),
  ],
);

export const transfers = pgTable(
  'transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The code the ticket had before: it stops working at the gate, and says why. */
    previousCode: text('previous_code').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('transfers_ticket_idx').on(t.ticketId),
    index('transfers_from_idx').on(t.fromUserId),
    // A fan's history lists the transfers they received as well as those they made.
    index('transfers_to_idx').on(t.toUserId),
    index('transfers_previous_code_idx').on(t.previousCode),
  ],
);

export const resales = pgTable(
  'resales',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'restrict' }),
    priceCents: integer('price_cents').notNull(),
    royaltyCents: integer('royalty_cents').notNull().default(0),
    status: text('status', { enum: ['listed', 'sold', 'cancelled'] })
      .notNull()
      .default('listed'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    listedAt: createdAt(),
    soldAt: timestamp('sold_at', { withTimezone: true }),
  },
  (t) => [
    index('resales_ticket_idx').on(t.ticketId),
    index('resales_seller_idx').on(t.sellerId),
    // A resale's order finds its ticket (and the ticket's seat) for the orders list and the Bookings CSV.
    index('resales_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    uniqueIndex('resales_one_listing_key')
      .on(t.ticketId)
      .where(sql`${t.status} = 'listed'`),
  ],
);

/** Refunds are idempotent: one row per idempotency key. */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull().default(''),
    paymentRef: text('payment_ref').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key').on(t.partnerId, t.idempotencyKey),
    check('refunds_amount_ck', sql`${t.amountCents} >= 0`),
  ],
);

export const refundTickets = pgTable(
  'refund_tickets',
  {
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.refundId, t.ticketId] }), uniqueIndex('refund_tickets_ticket_key').on(t.ticketId)],
);

/**
 * A purchase attempt named by the buyer's `Idempotency-Key`: claimed before the charge, answered in
 * the transaction that sells (or right after a refusal), so a retry of the same attempt gets the first
 * answer instead of a second charge or a sale nobody heard of.
 */
export const checkoutAttempts = pgTable(
  'checkout_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** A hash of the request body: the same key with another basket is refused. */
    requestHash: text('request_hash').notNull(),
    /** The answer given, once there is one: `{ status, data }` or `{ status, error }`. */
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('checkout_attempts_key').on(t.partnerId, t.idempotencyKey),
    index('checkout_attempts_created_idx').on(t.createdAt),
  ],
);
