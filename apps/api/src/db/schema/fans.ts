import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { memberRef, partnerRef } from './partners.ts';
import { createdAt, emptyText, id, ref, timestampTz } from './columns.ts';

/**
 * A partner's fans: everyone who bought or holds one of its tickets, written with the sale, transfer or
 * resale that made them a fan. Name and e-mail are copied here so that filtering and paging 100,000
 * fans, and finding an order by its buyer, read one table in one partner's index range.
 */
export const partnerFans = pgTable(
  'partner_fans',
  {
    partnerId: partnerRef(),
    userId: ref('user_id', () => users.id, 'cascade'),
    fullName: emptyText('full_name'),
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
    id: id(),
    partnerId: partnerRef(),
    userId: ref('user_id', () => users.id, 'cascade'),
    memberId: memberRef('member_id'),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('fan_notes_fan_idx').on(t.partnerId, t.userId, t.createdAt)],
);

/** PINs a member asks a fan to read back; hashed and expiring. */
export const identityPins = pgTable(
  'identity_pins',
  {
    id: id(),
    partnerId: partnerRef(),
    fanId: ref('fan_id', () => users.id, 'cascade'),
    memberId: memberRef('member_id'),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    pinHash: text('pin_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    confirmedAt: timestampTz('confirmed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('identity_pins_fan_idx').on(t.partnerId, t.fanId, t.createdAt)],
);
