import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ticketTypes } from './events.ts';
import { createdAt } from './identity.ts';
import { partners } from './partners.ts';

export const promocodes = pgTable(
  'promocodes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    couponType: text('coupon_type', { enum: ['flat', 'percentage'] }).notNull(),
    /** Flat discount in cents. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** Percentage discount as a fraction. */
    percentage: doublePrecision('percentage').notNull().default(0),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    /** 1 January 1970 means no end. */
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
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
    promocodeId: integer('promocode_id')
      .notNull()
      .references(() => promocodes.id, { onDelete: 'cascade' }),
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(-1),
    used: integer('used').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.promocodeId, t.ticketTypeId] }),
    check('promo_usage_ck', sql`${t.used} >= 0 and (${t.quantity} = -1 or ${t.used} <= ${t.quantity})`),
  ],
);
