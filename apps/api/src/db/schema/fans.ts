import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, users } from './identity.ts';
import { members, partners } from './partners.ts';

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
