import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { users } from './identity.ts';
import { memberRef, partnerRef } from './partners.ts';
import { promocodes } from './promo-codes.ts';
import { seats } from './seat-maps.ts';
import { counter, createdAt, emptyText, id, optionalRef, ref, timestampTz } from './columns.ts';

export const transactionTypes = ['primary_sold', 'secondary_sold', 'sale_canceled', 'refunded'] as const;

/** What an order line and its tickets sell: an event's ticket type on one of its days. */
const soldItem = () => ({
  eventId: ref('event_id', () => events.id, 'restrict'),
  /** Kept from deletion by a trigger, not a foreign key (see `orders`). */
  eventDayId: integer('event_day_id').notNull(),
  /** Kept from deletion by a trigger, not a foreign key (see `orders`). */
  ticketTypeId: integer('ticket_type_id').notNull(),
});

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
    id: id(),
    partnerId: partnerRef(),
    ...soldItem(),
    buyerId: ref('buyer_id', () => users.id, 'restrict'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    promocodeId: optionalRef('promocode_id', () => promocodes.id, 'set null'),
    transactionType: text('transaction_type', { enum: transactionTypes }).notNull(),
    /** The payments port's reference of the charge. */
    paymentRef: emptyText('payment_ref'),
    createdAt: createdAt(),
    /**
     * What an orders search matches a buyer by: their name and e-mail, lower case, kept by triggers
     * (migration 0021) from the users row. In the newest-first index, a search for a common name reads
     * the newest orders until a page matches, from the index alone.
     */
    buyerSearch: emptyText('buyer_search'),
    /**
     * A refunded line's refund: what was paid back for its tickets and when. Its settlement writes
     * them (refunds/settle.ts), so a page of orders reads them with the line instead of adding up
     * the refund's tickets per line. Null on other lines.
     */
    refundCents: integer('refund_cents'),
    refundedAt: timestampTz('refunded_at'),
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
    id: id(),
    partnerId: partnerRef(),
    orderId: ref('order_id', () => orders.id, 'cascade'),
    ...soldItem(),
    ownerId: ref('owner_id', () => users.id, 'restrict'),
    pricePaidCents: integer('price_paid_cents').notNull(),
    status: text('status', { enum: ticketStatuses }).notNull().default('valid'),
    /** Random code printed on the ticket and typed or scanned at the gate. */
    code: text('code').notNull(),
    tokenId: text('token_id'),
    mintedAt: timestampTz('minted_at'),
    checkedInAt: timestampTz('checked_in_at'),
    checkedInBy: memberRef('checked_in_by'),
    /** The scan a gate made offline that admitted the ticket: the same sync sent again admits nothing new. */
    checkInScanId: uuid('check_in_scan_id'),
    /**
     * The seat of a seated event's ticket, kept after a refund as history. A seat sold now cannot leave
     * its map (its `event_day_seats` row holds it); one of a refunded ticket can, and the ticket forgets it.
     */
    seatId: optionalRef('seat_id', () => seats.id, 'set null'),
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
    id: id(),
    ticketId: ref('ticket_id', () => tickets.id, 'cascade'),
    fromUserId: ref('from_user_id', () => users.id, 'restrict'),
    toUserId: ref('to_user_id', () => users.id, 'restrict'),
    /** The code the ticket had before: it stops working at the gate, and says why. */
    previousCode: emptyText('previous_code'),
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
    id: id(),
    ticketId: ref('ticket_id', () => tickets.id, 'cascade'),
    sellerId: ref('seller_id', () => users.id, 'restrict'),
    buyerId: optionalRef('buyer_id', () => users.id, 'restrict'),
    priceCents: integer('price_cents').notNull(),
    royaltyCents: counter('royalty_cents'),
    status: text('status', { enum: ['listed', 'sold', 'cancelled'] })
      .notNull()
      .default('listed'),
    orderId: optionalRef('order_id', () => orders.id, 'set null'),
    listedAt: createdAt(),
    soldAt: timestampTz('sold_at'),
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
    id: id(),
    partnerId: partnerRef(),
    idempotencyKey: text('idempotency_key').notNull(),
    memberId: memberRef('member_id'),
    amountCents: integer('amount_cents').notNull(),
    description: emptyText('description'),
    paymentRef: emptyText('payment_ref'),
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
    refundId: ref('refund_id', () => refunds.id, 'cascade'),
    ticketId: ref('ticket_id', () => tickets.id, 'cascade'),
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
    id: id(),
    partnerId: partnerRef(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** A hash of the request body: the same key with another basket is refused. */
    requestHash: text('request_hash').notNull(),
    /** The answer given, once there is one: `{ status, data }` or `{ status, error }`. */
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    claimedAt: timestampTz('claimed_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('checkout_attempts_key').on(t.partnerId, t.idempotencyKey),
    index('checkout_attempts_created_idx').on(t.createdAt),
  ],
);
