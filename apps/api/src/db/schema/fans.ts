import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, users } from './identity.ts';
import { members, partners } from './partners.ts';

/**
 * A partner's fans: everyone who bought or holds one of its tickets, written with the sale, transfer or
 * resale that made them a fan. Name and e-mail are copied here so that filtering and paging 100,000
 * fans, and finding an order by its buyer, read one table in one partner's index range.
 */
export const partnerFans = pgTable(
  'partner_fans',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull().default(''),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.userId] }),
    index('partner_fans_name_idx').on(t.partnerId, sql`lower(${t.fullName})`, t.userId),
    index('partner_fans_user_idx').on(t.userId),
    // Trigram indexes find a rare name or e-mail fragment without reading every fan of the partner.
    index('partner_fans_name_trgm_idx').using('gin', sql`lower(${t.fullName}) gin_trgm_ops`),
    index('partner_fans_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

export const fanNotes = pgTable(
  'fan_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('fan_notes_fan_idx').on(t.partnerId, t.userId, t.createdAt)],
);

/** PINs a member asks a fan to read back; hashed and expiring. */
export const identityPins = pgTable(
  'identity_pins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    fanId: integer('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    pinHash: text('pin_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('identity_pins_fan_idx').on(t.partnerId, t.fanId, t.createdAt)],
);
