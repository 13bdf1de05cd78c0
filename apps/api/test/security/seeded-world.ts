import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { roles, tickets } from '../../src/db/schema/index.ts';
import { openSession } from '../../src/modules/identity/sessions.ts';
import type { Access } from '../../src/plugins/auth.ts';
import type { RouteEntry } from '../../src/plugins/route-table.ts';
import type { buildTestApp } from '../helper.ts';
import {
  addMember,
  bearer,
  buyTickets,
  createEventOnSale,
  createPartnerWithAdmin,
  createUser,
  PAID_CARD,
  PDF_DATA_URL,
  PNG_DATA_URL,
  TEST_PASSWORD,
} from '../seeders.ts';
import type { Known } from './arbitraries.ts';
import type { Location } from './route-requests.ts';

type Harness = Pick<Awaited<ReturnType<typeof buildTestApp>>, 'app' | 'db'>;

/**
 * One organisation with a record behind every id a route takes. Its admin is also a fan who bought
 * tickets, so the same person can call partner routes (partner token) and holder routes (user token).
 */
export type World = {
  tokens: Record<Exclude<Access, 'public'>, string>;
  /** Valid values by field name, for bodies, queries and headers. */
  known: Known;
  /** The record a path's `:id` names, by the path segment before it (`/events/:id` → the event). */
  idBySegment: Record<string, number>;
};

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export async function seedWorld({ app, db }: Harness): Promise<World> {
  const mark = randomBytes(4).toString('hex');
  const account = `acct_test_${mark}`;
  const { partner, admin, member } = await createPartnerWithAdmin(db, { stripeAccountId: account });
  const session = (partnerId: number | null) =>
    openSession(db, app.tokens, 60, admin, { partnerId, signInMethod: 'password' });
  const partnerToken = await session(partner.id);
  const userToken = await session(null);

  const call = async (method: 'POST' | 'PUT', url: string, payload: object, token = partnerToken) => {
    const res = await app.inject({ method, url, payload, headers: bearer(token) });
    if (res.statusCode !== 200) throw new Error(`seeding ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json().data;
  };

  const staff = await addMember(db, partner.id, (await createUser(db)).id, 'Manager');
  const [manager] = await db.select().from(roles).where(eq(roles.value, 'Manager'));
  const { event, days, types } = await createEventOnSale(db, partner.id, [
    { name: 'Stalls', priceCents: 2500, amount: 100 },
  ]);
  const [day, type] = [days[0]!, types[0]!];
  const template = await call('POST', '/api/templates', { partner_id: partner.id, image: PNG_DATA_URL });
  const sponsor = await call('POST', '/api/sponsors', { event_id: event.id, name: 'Brewery', image: '' });
  const support = await call('POST', '/api/support', { event_id: event.id, contact: 'help@example.test' });
  const promo = await call('POST', '/api/promocodes', {
    code: `P${mark}`,
    percentage: 0.1,
    coupon_type: 'percentage',
    start_date: future(-1),
    end_date: future(30),
    partner_id: partner.id,
  });
  await call('POST', `/api/promocodes/${promo.ID}/attach`, [{ id: type.id, quantity: 5 }]);
  const tos = await call('POST', `/api/partners/${partner.id}/tos?file=false`, {
    file: 'https://example.test/terms.pdf',
    file_name: 'Terms',
  });

  const sale = { partnerId: partner.id, eventId: event.id, dayId: day.id };
  const bought = await buyTickets(app, sale, { email: admin.email, full_name: admin.fullName }, [
    { ticket_type_id: type.id, quantity: 3 },
  ]);
  if (bought.statusCode !== 200) throw new Error(`seeding the checkout answered ${bought.statusCode}: ${bought.body}`);
  await app.mint();
  const owned = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.ownerId, admin.id), eq(tickets.partnerId, partner.id)))
    .orderBy(tickets.id);
  const listed = owned[2]!;
  const resale = await call('POST', `/api/holder/tickets/${listed.id}/resale`, { price: 30 }, userToken);
  const fileKey = await app.storage.put(Buffer.from(PNG_DATA_URL.split(',')[1]!, 'base64'), 'image/png');

  return {
    tokens: { user: userToken, partner: partnerToken, admin: partnerToken },
    idBySegment: {
      partners: partner.id,
      events: event.id,
      members: staff.id,
      users: admin.id,
      support: support.ID,
      sponsors: sponsor.ID,
      ticket_types: type.id,
      promocodes: promo.ID,
      tickets: owned[0]!.id,
      resales: resale.resale_id,
    },
    known: {
      partner_id: [partner.id],
      partnerId: [partner.id],
      event_id: [event.id],
      eventId: [event.id],
      event_day_id: [day.id],
      dayId: [day.id],
      ticket_type_id: [type.id],
      ticketTypeId: [type.id],
      template_id: [template.ID],
      user_id: [admin.id],
      fanId: [admin.id],
      member_id: [member.id],
      promoId: [promo.ID],
      ticketId: owned.map((t) => t.id),
      docId: [tos.ID],
      key: [fileKey],
      roles: [[manager!.id]],
      code: [owned[1]!.code],
      promo_code: [promo.code],
      payment_method: [PAID_CARD],
      password: [TEST_PASSWORD],
      account: [account],
      return_url: [`${app.config.publicUrl}/settings`],
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
