import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ticketTypes } from './events.ts';
import { partnerRef } from './partners.ts';
import { counter, createdAt, id, ref, timestampTz } from './columns.ts';

export const promocodes = pgTable(
  'promocodes',
  {
    id: id(),
    partnerId: partnerRef(),
    code: text('code').notNull(),
    couponType: text('coupon_type', { enum: ['flat', 'percentage'] }).notNull(),
    /** Flat discount in cents. */
    discountCents: counter('discount_cents'),
    /** Percentage discount as a fraction. */
    percentage: doublePrecision('percentage').notNull().default(0),
    startDate: timestampTz('start_date').notNull(),
    /** 1 January 1970 means no end. */
    endDate: timestampTz('end_date').notNull(),
    draft: boolean('draft').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promocodes_partner_code_key').on(t.partnerId, sql`lower(${t.code})`)],
);

/** A promo attached to a ticket type; quantity -1 is unlimited. */
export const promocodeTicketTypes = pgTable(
  'promocode_ticket_types',
  {
    promocodeId: ref('promocode_id', () => promocodes.id, 'cascade'),
    ticketTypeId: ref('ticket_type_id', () => ticketTypes.id, 'cascade'),
    quantity: integer('quantity').notNull().default(-1),
    used: counter('used'),
  },
  (t) => [
    primaryKey({ columns: [t.promocodeId, t.ticketTypeId] }),
    check('promo_usage_ck', sql`${t.used} >= 0 and (${t.quantity} = -1 or ${t.used} <= ${t.quantity})`),
  ],
);
