import type { Access } from '../../src/plugins/auth.ts';
import type { RouteEntry } from '../../src/plugins/route-table.ts';
import { PAID_CARD, PDF_DATA_URL, PNG_BYTES, PNG_DATA_URL, TEST_PASSWORD } from '../seeders.ts';
import type { Known } from './arbitraries.ts';
import type { Location } from './route-requests.ts';
import type { TestHarness } from '../helper.ts';
import { seedTenant } from './tenants.ts';

/**
 * One organisation with a record behind every id a route takes: partner routes are called as its
 * admin, user routes as its fan, who owns the tickets and the resale listing that holder routes name.
 */
export type World = {
  tokens: Record<Exclude<Access, 'public'>, string>;
  /** Valid values by field name, for bodies, queries and headers. */
  known: Known;
  /** The record a path's `:id` names, by the path segment before it (`/events/:id` → the event). */
  idBySegment: Record<string, number>;
};

/** The isolation suite's organisation, by access and field name, with a stored file for /api/files/:key. */
export async function seedWorld(t: TestHarness): Promise<World> {
  const tenant = await seedTenant(t, 'world');
  const fileKey = await t.app.storage.put(PNG_BYTES, 'image/png');

  return {
    tokens: { user: tenant.tokens.fan, partner: tenant.tokens.admin, admin: tenant.tokens.admin },
    idBySegment: {
      partners: tenant.partnerId,
      events: tenant.eventId,
      members: tenant.spareMemberId,
      users: tenant.fanId,
      support: tenant.supportId,
      sponsors: tenant.sponsorId,
      ticket_types: tenant.typeId,
      promocodes: tenant.promoId,
      tickets: tenant.refundTicketId,
      resales: tenant.resaleId,
      seatmap: tenant.seatMapId,
    },
    known: {
      partner_id: [tenant.partnerId],
      partnerId: [tenant.partnerId],
      event_id: [tenant.eventId],
      eventId: [tenant.eventId],
      event_day_id: [tenant.dayId],
      dayId: [tenant.dayId],
      ticket_type_id: [tenant.typeId],
      ticketTypeId: [tenant.typeId],
      template_id: [tenant.templateId],
      user_id: [tenant.fanId],
      fanId: [tenant.fanId],
      member_id: [tenant.adminMemberId],
      promoId: [tenant.promoId],
      seat_map_id: [tenant.seatMapId],
      seat_category_id: [tenant.seatCategoryId],
      ticketId: [tenant.refundTicketId, tenant.listedTicketId],
      docId: [tenant.tosId],
      // The key is the file's name in its URL.
      key: [fileKey.split('/').at(-1)!],
      roles: [[tenant.roles.manager]],
      code: [tenant.gateCode],
      ticket_id: [tenant.gateTicketId],
      promo_code: [tenant.promoCode],
      payment_method: [PAID_CARD],
      password: [TEST_PASSWORD],
      account: [tenant.stripeAccountId],
      return_url: [`${t.app.config.publicUrl}/settings`],
      image: [PNG_DATA_URL],
      file: [PDF_DATA_URL, PNG_DATA_URL],
    },
  };
}

/** The valid values for each part of one route's requests: `:id` names the record its path is about. */
export function knownFor(world: World, route: RouteEntry): Record<Location, Known> {
  const segment = /\/([a-z_]+)\/:id(?:\/|$)/.exec(route.url)?.[1];
  const id = segment === undefined ? undefined : world.idBySegment[segment];
  if (segment !== undefined && id === undefined) {
    throw new Error(`${route.method} ${route.url}: no seeded record for /${segment}/:id`);
  }
  const params = { ...world.known, ...(id === undefined ? {} : { id: [id] }) };
  const other = { ...world.known, id: [world.known.ticket_type_id![0]!] };
  return { params, querystring: other, headers: other, body: other };
}

export function tokenFor(world: World, access: Access): string | null {
  return access === 'public' ? null : world.tokens[access];
}
