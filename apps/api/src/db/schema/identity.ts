import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, emptyText, id, ref, timestampTz } from './columns.ts';

/** People: staff members and fans alike. E-mail is stored lower-case. */
export const users = pgTable(
  'users',
  {
    id: id(),
    uid: uuid('uid').notNull().defaultRandom(),
    email: text('email').notNull(),
    fullName: emptyText('full_name'),
    phoneNumber: emptyText('phone_number'),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    status: boolean('status').notNull().default(true),
    streetAddress: emptyText('street_address'),
    city: emptyText('city'),
    postalCode: emptyText('postal_code'),
    country: emptyText('country'),
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
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade'),
    purpose: text('purpose', {
      enum: ['reset_password', 'sign_in_link', 'invitation', 'id_token'],
    }).notNull(),
    codeHash: text('code_hash').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('identity_codes_hash_key').on(t.codeHash)],
);

/** Server-side sessions named by access tokens, so that logout and password changes revoke them. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ref('user_id', () => users.id, 'cascade'),
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
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_sign_in_idx').on(t.signInId)],
);
