import { eq } from 'drizzle-orm';
import type { EventType } from '@portal/contract';
import type { Db } from '../src/db/client.ts';
import {
  eventDays,
  events,
  memberRoles,
  members,
  partners,
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

export async function createEvent(
  db: Db,
  partnerId: number,
  opts: {
    name?: string;
    eventType?: EventType;
    timeZone?: string;
    days: { start: string; end: string }[];
    types?: { name: string; priceCents: number; amount: number }[];
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

/** A real, tiny PNG as a data URL (what the browser's FileReader sends). */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
export const PDF_DATA_URL = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n%test\n').toString('base64')}`;
