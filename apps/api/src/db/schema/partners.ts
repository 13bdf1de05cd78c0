import { sql, type SQLWrapper } from 'drizzle-orm';
import { boolean, doublePrecision, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { createdAt, emptyText, id, optionalRef, ref, updatedAt } from './columns.ts';

export const partners = pgTable('partners', {
  id: id(),
  name: text('name').notNull(),
  image: emptyText('image'),
  primaryColor: emptyText('primary_color'),
  secondaryColor: emptyText('secondary_color'),
  tertiaryColor: emptyText('tertiary_color'),
  /** Fractions on the wire and here: 0.05 is 5 %. */
  secondaryRoyalty: doublePrecision('secondary_royalty').notNull().default(0),
  /** -1 means unset. */
  partnerSecondaryDefaultRoyalty: doublePrecision('partner_secondary_default_royalty').notNull().default(-1),
  stripeAccountId: text('stripe_account_id'),
  stripeStatus: emptyText('stripe_status'),
  status: boolean('status').notNull().default(true),
  /** The provider's share of each sale, a fraction. */
  platformFee: doublePrecision('platform_fee').notNull().default(0.05),
  createdAt: createdAt(),
});

/** What a partner's own rows carry: deleting a partner deletes them with it. */
export const partnerRef = () => ref('partner_id', () => partners.id, 'cascade');

export const roles = pgTable(
  'roles',
  {
    id: id(),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('roles_value_key').on(t.value)],
);

export const permissions = pgTable(
  'permissions',
  {
    id: id(),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('permissions_value_key').on(t.value)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: ref('role_id', () => roles.id, 'cascade'),
    permissionId: ref('permission_id', () => permissions.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

/** A user's membership of a partner; status false means invited but pending. */
export const members = pgTable(
  'members',
  {
    id: id(),
    partnerId: partnerRef(),
    userId: ref('user_id', () => users.id, 'cascade'),
    status: boolean('status').notNull().default(false),
    invitedBy: optionalRef('invited_by', () => users.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('members_partner_user_key').on(t.partnerId, t.userId)],
);

/** The member who did something to a row: the row outlives the membership, without its author. */
export const memberRef = <N extends string>(name: N) => optionalRef(name, () => members.id, 'set null');

export const memberRoles = pgTable(
  'member_roles',
  {
    memberId: ref('member_id', () => members.id, 'cascade'),
    roleId: ref('role_id', () => roles.id, 'restrict'),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.roleId] })],
);

export const partnerTos = pgTable('partner_tos', {
  id: id(),
  partnerId: partnerRef(),
  file: text('file').notNull(),
  fileName: text('file_name').notNull(),
  createdAt: createdAt(),
});

/** The origin (scheme, host, port) of a website address, in SQL: what a browser sends as Origin. */
export const websiteOrigin = (url: SQLWrapper) => sql`lower(substring(${url} from '^https?://[^/?#]+'))`;

export const widgetSettings = pgTable(
  'widget_settings',
  {
    partnerId: partnerRef().primaryKey(),
    primaryBrandColor: emptyText('primary_brand_color'),
    secondaryBrandColor: emptyText('secondary_brand_color'),
    titleBrandColor: emptyText('title_brand_color'),
    textBrandColor: emptyText('text_brand_color'),
    titleBrandFont: emptyText('title_brand_font'),
    textBrandFont: emptyText('text_brand_font'),
    websiteUrl: emptyText('website_url'),
    /** Fonts the partner uploaded: a family name and the URL of its file. */
    fonts: jsonb('fonts').$type<{ family: string; url: string }[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  // The widget's CORS check looks partners up by the origin of their website address.
  (t) => [index('widget_settings_origin_idx').on(sql`${websiteOrigin(t.websiteUrl)}`)],
);
