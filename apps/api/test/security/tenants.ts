import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { permissions, rolePermissions, roles, tickets, users } from '../../src/db/schema/index.ts';
import { openSession } from '../../src/modules/identity/index.ts';
import { permissionValues, type Permission } from '../../src/modules/members/index.ts';
import type { SignInMethod } from '../../src/lib/tokens.ts';
import type { TestHarness } from '../helper.ts';
import {
  addMember,
  bearer,
  buyTickets,
  createEventOnSale,
  createPartnerWithAdmin,
  createUser,
  PNG_DATA_URL,
  signIn,
} from '../seeders.ts';

/** One organisation with something behind every id a partner route takes. */
export type Tenant = {
  partnerId: number;
  adminUserId: number;
  adminEmail: string;
  adminMemberId: number;
  /** The payout account the test provider knows the organisation by. */
  stripeAccountId: string;
  eventId: number;
  dayId: number;
  typeId: number;
  /** An event without sales, with two days and a ticket type, that may be deleted. */
  spareEventId: number;
  spareDayId: number;
  spareTypeId: number;
  templateId: number;
  promoId: number;
  promoCode: string;
  sponsorId: number;
  supportId: number;
  tosId: number;
  spareMemberId: number;
  /** A seat map the event sells from (its one category on the event's ticket type), and one to delete. */
  seatMapId: number;
  seatCategoryId: number;
  seatSectionId: number;
  seatIds: number[];
  spareSeatMapId: number;
  fanId: number;
  fanEmail: string;
  fanName: string;
  /** The fan's tickets: one to refund, one for the gate, one listed for resale by the fan. */
  refundTicketId: number;
  gateTicketId: number;
  gateCode: string;
  listedTicketId: number;
  resaleId: number;
  /** Words that only this organisation's data contains: names, e-mails, codes, notes. */
  identifying: string[];
  /** Role ids, the same in every organisation. */
  roles: { manager: number; boxOffice: number };
  /** Partner tokens for the admin and staff; `noPartner` is the admin's user token, `fan` the fan's. */
  tokens: { admin: string; manager: string; boxOffice: string; noPartner: string; fan: string };
};

/** An ISO time this many days from now (negative for the past). */
export const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/**
 * Seeds one organisation through the portal's own routes wherever one exists. Sessions are opened
 * directly rather than by signing in: sign-in has its own tests, and its per-address limits would
 * refuse an organisation seeded afresh after every writing route of the bad-input suite.
 */
export async function seedTenant(t: TestHarness, label: string): Promise<Tenant> {
  const mark = `${label}${randomBytes(3).toString('hex')}`.toLowerCase();
  const stripeAccountId = `acct_test_${mark}`;
  const { partner, admin, member } = await createPartnerWithAdmin(t.db, {
    name: `${mark} Productions`,
    stripeAccountId,
  });
  const session = (user: { id: number; uid: string }, partnerId: number | null, signInMethod: SignInMethod) =>
    openSession(t.db, t.app.tokens, 60, user, { partnerId, signInMethod });
  const adminToken = await session(admin, partner.id, 'password');
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, payload, headers: bearer(adminToken) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().data;
  };

  const staff = async (role: string, name: string) => {
    const user = await createUser(t.db, { fullName: `${mark} ${name}`, email: `${mark}-${name}@crew.test` });
    return { user, member: await addMember(t.db, partner.id, user.id, role) };
  };
  const manager = await staff('Manager', 'manager');
  const boxOffice = await staff('BoxOffice', 'boxoffice');
  const spare = await staff('Manager', 'spare');

  const template = await call('POST', '/api/templates', { partner_id: partner.id, image: PNG_DATA_URL });
  const { event, days, types } = await createEventOnSale(
    t.db,
    partner.id,
    [{ name: `${mark} Stalls`, priceCents: 5000, amount: 50 }],
    { name: `${mark} Gala Night`, start: future(60) },
  );
  const spareEvent = await call('POST', '/api/events', {
    name: `${mark} Matinee`,
    venue: `${mark} Hall`,
    event_type: 'concert',
    time_zone: 'UTC',
    partner_id: partner.id,
    event_days: [
      { start_date: future(90), end_date: future(90.1) },
      { start_date: future(91), end_date: future(91.1) },
    ],
  });
  const spareDetail = (
    await t.app.inject({ method: 'GET', url: `/api/events/${spareEvent.ID}`, headers: bearer(adminToken) })
  ).json().data;
  const [spareType] = await call('POST', '/api/ticket_types', [
    { name: `${mark} Balcony`, initial_price: 20, amount: 10, template_id: template.ID, event_id: spareEvent.ID },
  ]);
  const sponsor = await call('POST', '/api/sponsors', { event_id: event.id, name: `${mark} Brewery`, image: '' });
  const support = await call('POST', '/api/support', { event_id: event.id, contact: `help@${mark}.test` });
  const promo = await call('POST', '/api/promocodes', {
    code: `${mark}PROMO`,
    percentage: 0.1,
    coupon_type: 'percentage',
    start_date: future(-1),
    end_date: future(30),
    partner_id: partner.id,
  });
  await call('POST', `/api/promocodes/${promo.ID}/attach`, [{ id: types[0]!.id, quantity: 5 }]);
  const tos = await call('POST', `/api/partners/${partner.id}/tos?file=false`, {
    file: `https://${mark}.test/terms.pdf`,
    file_name: `${mark} Terms`,
  });
  await call('PUT', `/api/partners/${partner.id}/widget`, {
    primary_brand_color: '#112233',
    website_url: `https://www.${mark}.test`,
  });

  const seatMap = await call('POST', '/api/partner/v1/seatmaps/seatmap', seatLayout(mark));
  const spareSeatMap = await call('POST', '/api/partner/v1/seatmaps/seatmap', seatLayout(`${mark} spare`));
  await call('PUT', `/api/events/${event.id}/seating`, {
    seat_map_id: seatMap.ID,
    ticket_types: [{ ID: types[0]!.id, seat_category_id: seatMap.categories[0].ID }],
  });

  const fan = { email: `${mark}-fan@fans.test`, full_name: `${mark} Fanperson` };
  const sale = { partnerId: partner.id, eventId: event.id, dayId: days[0]!.id };
  const held = await t.app.inject({
    method: 'POST',
    url: `/api/public/events/${event.id}/days/${days[0]!.id}/seat-holds`,
    payload: { seat_ids: seatMap.sections[0].rows[1].seats.slice(0, 3).map((seat: { ID: number }) => seat.ID) },
  });
  expect(held.statusCode, held.body).toBe(200);
  const bought = await buyTickets(t.app, sale, fan, [{ ticket_type_id: types[0]!.id, quantity: 3 }], {
    seat_hold: held.json().data.hold,
  });
  expect(bought.statusCode, bought.body).toBe(200);
  await Promise.all([t.app.mint(), t.app.sendQueuedMail()]);
  const [fanUser] = await t.db.select().from(users).where(eq(users.email, fan.email));
  const owned = await t.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.ownerId, fanUser!.id), eq(tickets.partnerId, partner.id)))
    .orderBy(tickets.id);
  const [refundable, gate, listed] = owned;
  const fanToken = await session(fanUser!, null, 'link');
  const listing = await t.app.inject({
    method: 'POST',
    url: `/api/holder/tickets/${listed!.id}/resale`,
    payload: { price: 60 },
    headers: bearer(fanToken),
  });
  expect(listing.statusCode, listing.body).toBe(200);
  const note = `${mark} prefers aisle seats`;
  await call('POST', '/api/fan_notes', { user_id: fanUser!.id, partner_id: partner.id, note });

  return {
    partnerId: partner.id,
    adminUserId: admin.id,
    adminEmail: admin.email,
    adminMemberId: member.id,
    stripeAccountId,
    eventId: event.id,
    dayId: days[0]!.id,
    typeId: types[0]!.id,
    spareEventId: spareEvent.ID,
    spareDayId: spareDetail.event_days[1].ID,
    spareTypeId: spareType.ID,
    templateId: template.ID,
    promoId: promo.ID,
    promoCode: promo.code,
    sponsorId: sponsor.ID,
    supportId: support.ID,
    tosId: tos.ID,
    spareMemberId: spare.member.id,
    seatMapId: seatMap.ID,
    seatCategoryId: seatMap.categories[0].ID,
    seatSectionId: seatMap.sections[0].ID,
    seatIds: seatMap.sections[0].rows[0].seats.map((seat: { ID: number }) => seat.ID),
    spareSeatMapId: spareSeatMap.ID,
    fanId: fanUser!.id,
    fanEmail: fan.email,
    fanName: fan.full_name,
    refundTicketId: refundable!.id,
    gateTicketId: gate!.id,
    gateCode: gate!.code,
    listedTicketId: listed!.id,
    resaleId: listing.json().data.resale_id,
    roles: { manager: await roleId(t, 'Manager'), boxOffice: await roleId(t, 'BoxOffice') },
    identifying: [mark, admin.email, fan.email, gate!.code, refundable!.code],
    tokens: {
      admin: adminToken,
      manager: await session(manager.user, partner.id, 'password'),
      boxOffice: await session(boxOffice.user, partner.id, 'password'),
      noPartner: await session(admin, null, 'password'),
      fan: fanToken,
    },
  };
}

/**
 * A small hall named after the organisation: one category, one section of one row of four seats. With
 * the ids of a saved map it is that map again, every seat kept.
 */
export const seatLayout = (mark: string, ids: { categoryId?: number; sectionId?: number } = {}) => ({
  name: `${mark} Hall plan`,
  venue: `${mark} Hall`,
  categories: [{ ID: ids.categoryId, name: `${mark} Stalls`, color: '#1c7ed6' }],
  sections: [
    {
      ID: ids.sectionId,
      name: 'Stalls',
      x: 0,
      y: 0,
      // Row A for the calls on seats; the fan's tickets are sold in row B.
      rows: ['A', 'B'].map((label, y) => ({
        label,
        seats: [1, 2, 3, 4].map((n) => ({ label: String(n), x: n, y, category: `${mark} Stalls` })),
      })),
    },
  ],
});

async function roleId(t: TestHarness, value: string) {
  const [role] = await t.db.select().from(roles).where(eq(roles.value, value));
  return role!.id;
}

/**
 * A member of the tenant (or of any organisation) whose role grants every permission but one, so each
 * permission a route names is shown to be checked on its own.
 */
export async function tokenWithout(t: TestHarness, tenant: Pick<Tenant, 'partnerId'>, missing: Permission) {
  const value = `Without_${missing}`;
  await t.db
    .insert(roles)
    .values({ name: `without ${missing}`, value })
    .onConflictDoNothing();
  const id = await roleId(t, value);
  const granted = await t.db
    .select()
    .from(permissions)
    .where(
      inArray(
        permissions.value,
        permissionValues.filter((p) => p !== missing),
      ),
    );
  await t.db
    .insert(rolePermissions)
    .values(granted.map((p) => ({ roleId: id, permissionId: p.id })))
    .onConflictDoNothing();
  const user = await createUser(t.db);
  await addMember(t.db, tenant.partnerId, user.id, value);
  return signIn(t.app, user.email, tenant.partnerId);
}
