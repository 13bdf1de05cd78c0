import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** People: staff members and fans alike. E-mail is stored lower-case. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid('uid').notNull().defaultRandom(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    status: boolean('status').notNull().default(true),
    streetAddress: text('street_address').notNull().default(''),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_uid_key').on(t.uid),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_full_name_lower_idx').on(sql`lower(${t.fullName})`),
  ],
);

/** E-mailed codes (reset, sign-in link, invitation, id token exchange): hashed, single-use, expiring. */
export const identityCodes = pgTable(
  'identity_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['reset_password', 'sign_in_link', 'invitation', 'id_token'],
    }).notNull(),
    codeHash: text('code_hash').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('identity_codes_hash_key').on(t.codeHash)],
);

/** Server-side sessions named by access tokens, so that logout and password changes revoke them. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id'),
    /** How the user proved who they are: an e-mailed link may set a password, a stolen token may not. */
    signInMethod: text('sign_in_method', { enum: ['password', 'link', 'google', 'widget'] })
      .notNull()
      .default('password'),
    /** A widget session acts for the fan on this partner's tickets only. */
    widgetPartnerId: integer('widget_partner_id'),
    /**
     * One sign-in: the user session it opened and every partner session chosen from it share this id,
     * so logging out of any of them ends them all.
     */
    signInId: uuid('sign_in_id').notNull().defaultRandom(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_sign_in_idx').on(t.signInId)],
);

export { createdAt };
