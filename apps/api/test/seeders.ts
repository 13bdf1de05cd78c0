import { and, desc, eq, like } from 'drizzle-orm';
import type { CheckoutBody, CheckoutResult, EventType } from '@portal/contract';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  eventDays,
  events,
  memberRoles,
  members,
  outbox,
  partners,
  promocodes,
  promocodeTicketTypes,
  roles,
  ticketTypes,
  users,
} from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import type { TestApp } from './helper.ts';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;
export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;

export async function createUser(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      email: `user-${unique()}@example.test`,
      fullName: 'Test User',
      passwordHash: await passwordHash,
      ...values,
    })
    .returning();
  return user!;
}

export async function createPartner(db: Db, values: Partial<typeof partners.$inferInsert> = {}) {
  const [partner] = await db
    .insert(partners)
    .values({ name: `Partner ${unique()}`, ...values })
    .returning();
  return partner!;
}

export async function addMember(db: Db, partnerId: number, userId: number, role = 'Admin', status = true) {
  const [member] = await db.insert(members).values({ partnerId, userId, status }).returning();
  const [r] = await db.select().from(roles).where(eq(roles.value, role));
  await db.insert(memberRoles).values({ memberId: member!.id, roleId: r!.id });
  return member!;
}

/** A partner with an admin who can sign in. */
export async function createPartnerWithAdmin(db: Db, partnerValues: Partial<typeof partners.$inferInsert> = {}) {
  const partner = await createPartner(db, partnerValues);
  const admin = await createUser(db);
  const member = await addMember(db, partner.id, admin.id, 'Admin');
  return { partner, admin, member };
}

/** A partner whose admin has signed in for it: `token` is the admin's partner-scoped session. */
export async function signedInOrganisation(
  app: TestApp,
  db: Db,
  partnerValues: Partial<typeof partners.$inferInsert> = {},
) {
  const org = await createPartnerWithAdmin(db, partnerValues);
  return { ...org, partnerId: org.partner.id, token: await signIn(app, org.admin.email, org.partner.id) };
}

export type TicketTypeValues = { name: string; priceCents: number; amount: number };

export async function createEvent(
  db: Db,
  partnerId: number,
  opts: {
    name?: string;
    eventType?: EventType;
    timeZone?: string;
    days: { start: string; end: string }[];
    types?: TicketTypeValues[];
  },
) {
  const [event] = await db
    .insert(events)
    .values({
      partnerId,
      name: opts.name ?? `Event ${unique()}`,
      venue: 'Main Hall',
      eventType: opts.eventType ?? 'concert',
      timeZone: opts.timeZone ?? 'UTC',
    })
    .returning();
  const days = await db
    .insert(eventDays)
    .values(opts.days.map((d) => ({ eventId: event!.id, startDate: new Date(d.start), endDate: new Date(d.end) })))
    .returning();
  const types = opts.types?.length
    ? await db
        .insert(ticketTypes)
        .values(
          opts.types.map((t) => ({
            eventId: event!.id,
            name: t.name,
            initialPriceCents: t.priceCents,
            amount: t.amount,
          })),
        )
        .returning()
    : [];
  return { event: event!, days, types };
}

/** A promo code open since yesterday with no end, attached to one ticket type (quantity -1: unlimited). */
export async function createPromo(
  db: Db,
  partnerId: number,
  ticketTypeId: number,
  values: Partial<typeof promocodes.$inferInsert> & { code: string },
  quantity = -1,
) {
  const [promo] = await db
    .insert(promocodes)
    .values({
      partnerId,
      couponType: 'flat',
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(0),
      ...values,
    })
    .returning();
  await db.insert(promocodeTicketTypes).values({ promocodeId: promo!.id, ticketTypeId, quantity });
  return promo!;
}

/** Signs in over HTTP the way the portal does; with a partner id, answers the partner-scoped token. */
export async function signIn(app: TestApp, email: string, partnerId?: number, password = TEST_PASSWORD) {
  const idToken = await app.inject({ method: 'POST', url: '/api/identity/sign-in', payload: { email, password } });
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { firebase_id: idToken.json().data.id_token },
  });
  const userToken: string = login.json().data.access_token;
  if (partnerId === undefined) return userToken;
  const scoped = await app.inject({
    method: 'POST',
    url: '/api/login/partner',
    headers: { authorization: `Bearer ${userToken}` },
    payload: { partner_id: partnerId },
  });
  return scoped.json().data as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A real, tiny PNG (one pixel). */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
/** The same PNG as a data URL (what the browser's FileReader sends). */
export const PNG_DATA_URL = `data:image/png;base64,${PNG_BYTES.toString('base64')}`;
export const PDF_DATA_URL = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n%test\n').toString('base64')}`;

export const PAID_CARD = '4242424242424242';

/** Where a purchase happens: the organisation, the event and its day. */
export type SaleDay = { partnerId: number; eventId: number; dayId: number };
/** A sale day with the ticket type bought there. */
export type Sale = SaleDay & { typeId: number };

/**
 * An event on the widget, open for transfers and resale, with one day and the given ticket types: the rows
 * created, and where its first type is bought (a Sale).
 */
export async function createEventOnSale(
  db: Db,
  partnerId: number,
  types: TicketTypeValues[],
  opts: { name?: string; start?: string } = {},
) {
  const start = opts.start ?? '2027-06-01T19:00:00Z';
  const end = new Date(new Date(start).getTime() + 3 * 3_600_000).toISOString();
  const created = await createEvent(db, partnerId, { ...opts, days: [{ start, end }], types });
  await db
    .update(events)
    .set({ activeOnWidget: true, transferingAllowed: true, sellingAllowed: true })
    .where(eq(events.id, created.event.id));
  const sale: Sale = { partnerId, eventId: created.event.id, dayId: created.days[0]!.id, typeId: created.types[0]!.id };
  return { ...created, ...sale };
}

/** The body of a purchase through the public checkout, as a fan's widget sends it, paid by the test card. */
export const checkoutBody = (
  sale: SaleDay,
  buyer: CheckoutBody['buyer'],
  items: CheckoutBody['items'],
  extra: Partial<CheckoutBody> = {},
): CheckoutBody => ({
  partner_id: sale.partnerId,
  event_id: sale.eventId,
  event_day_id: sale.dayId,
  items,
  buyer,
  payment_method: PAID_CARD,
  ...extra,
});

/** A purchase through the public checkout; answers the response. */
export function buyTickets(
  app: TestApp,
  sale: SaleDay,
  buyer: CheckoutBody['buyer'],
  items: CheckoutBody['items'],
  extra: Partial<CheckoutBody> = {},
) {
  return app.inject({ method: 'POST', url: '/api/public/checkout', payload: checkoutBody(sale, buyer, items, extra) });
}

/** A purchase of `quantity` tickets of the sale's type that must go through; answers the tickets bought. */
export async function purchaseTickets(
  app: TestApp,
  sale: Sale,
  buyer: CheckoutBody['buyer'],
  quantity = 1,
  extra: Partial<CheckoutBody> = {},
) {
  const res = await buyTickets(app, sale, buyer, [{ ticket_type_id: sale.typeId, quantity }], extra);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: CheckoutResult }).data.tickets;
}

/**
 * The newest mail to `to` whose text (or subject) is like `pattern`: the mail looked for, not merely the
 * newest, as a purchase's confirmation is sent in the background and may come after it.
 */
export async function newestMail(db: Db, to: string, pattern: string, field: 'text' | 'subject' = 'text') {
  const [mail] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), like(outbox[field], pattern)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return mail;
}

/** A fan's session the way the widget gets one: an e-mailed sign-in link, read from the outbox. */
export async function holderSession(app: TestApp, db: Db, email: string) {
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
  await post('/api/identity/sign-in-link', { email });
  const mail = await newestMail(db, email, '%oobCode=%');
  const oobCode = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('oobCode')!;
  const { id_token } = (await post('/api/identity/sign-in-with-code', { oobCode })).json().data;
  return (await post('/api/login', { firebase_id: id_token })).json().data.access_token as string;
}
