import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, users } from './identity.ts';

export const partners = pgTable('partners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  image: text('image').notNull().default(''),
  primaryColor: text('primary_color').notNull().default(''),
  secondaryColor: text('secondary_color').notNull().default(''),
  tertiaryColor: text('tertiary_color').notNull().default(''),
  /** Fractions on the wire and here: 0.05 is 5 %. */
  secondaryRoyalty: doublePrecision('secondary_royalty').notNull().default(0),
  /** -1 means unset. */
  partnerSecondaryDefaultRoyalty: doublePrecision('partner_secondary_default_royalty').notNull().default(-1),
  stripeAccountId: text('stripe_account_id'),
  stripeStatus: text('stripe_status').notNull().default(''),
  status: boolean('status').notNull().default(true),
  /** The provider's share of each sale, a fraction. */
  platformFee: doublePrecision('platform_fee').notNull().default(0.05),
  createdAt: createdAt(),
});

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('roles_value_key').on(t.value)],
);

export const permissions = pgTable(
  'permissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('permissions_value_key').on(t.value)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

/** A user's membership of a partner; status false means invited but pending. */
export const members = pgTable(
  'members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: boolean('status').notNull().default(false),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('members_partner_user_key').on(t.partnerId, t.userId)],
);

export const memberRoles = pgTable(
  'member_roles',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.roleId] })],
);

export const partnerTos = pgTable('partner_tos', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  partnerId: integer('partner_id')
    .notNull()
    .references(() => partners.id, { onDelete: 'cascade' }),
  file: text('file').notNull(),
  fileName: text('file_name').notNull(),
  createdAt: createdAt(),
});

/** The origin (scheme, host, port) of a website address, in SQL: what a browser sends as Origin. */
export const websiteOrigin = (url: SQLWrapper) => sql`lower(substring(${url} from '^https?://[^/?#]+'))`;

export const widgetSettings = pgTable(
  'widget_settings',
  {
    partnerId: integer('partner_id')
      .primaryKey()
      .references(() => partners.id, { onDelete: 'cascade' }),
    primaryBrandColor: text('primary_brand_color').notNull().default(''),
    secondaryBrandColor: text('secondary_brand_color').notNull().default(''),
    titleBrandColor: text('title_brand_color').notNull().default(''),
    textBrandColor: text('text_brand_color').notNull().default(''),
    titleBrandFont: text('title_brand_font').notNull().default(''),
    textBrandFont: text('text_brand_font').notNull().default(''),
    websiteUrl: text('website_url').notNull().default(''),
    /** Fonts the partner uploaded: a family name and the URL of its file. */
    fonts: jsonb('fonts').$type<{ family: string; url: string }[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The widget's CORS check looks partners up by the origin of their website address.
  (t) => [index('widget_settings_origin_idx').on(sql`${websiteOrigin(t.websiteUrl)}`)],
);
