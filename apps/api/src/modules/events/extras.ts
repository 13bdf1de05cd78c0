import { and, asc, eq } from 'drizzle-orm';
import type { Sponsor, SupportContact } from '@portal/contract';
import type { Storage } from '../../adapters/storage/index.ts';
import type { Db } from '../../db/client.ts';
import { events, sponsors, supportContacts } from '../../db/schema/index.ts';
import { notFound } from '../../lib/http-error.ts';
import { storeImage } from '../../lib/images.ts';
import { ownedEvent } from './owned.ts';

export const toSponsor = (s: typeof sponsors.$inferSelect): Sponsor => ({
  ID: s.id,
  name: s.name,
  image: s.image,
  event_id: s.eventId,
});
const toContact = (c: typeof supportContacts.$inferSelect): SupportContact => ({
  ID: c.id,
  event_id: c.eventId,
  contact: c.contact,
});

async function ownedRow<T extends typeof sponsors | typeof supportContacts>(
  db: Db,
  table: T,
  partnerId: number,
  id: number,
  what: string,
) {
  const [row] = await db
    .select({ eventId: table.eventId })
    .from(table as typeof sponsors)
    .innerJoin(events, eq(events.id, table.eventId))
    .where(and(eq(table.id, id), eq(events.partnerId, partnerId)));
  if (!row) throw notFound(what);
  return row;
}

export async function createSponsor(
  db: Db,
  storage: Storage,
  partnerId: number,
  input: { event_id: number; name: string; image: string },
) {
  await ownedEvent(db, partnerId, input.event_id);
  const image = await storeImage(storage, input.image, 'image');
  const [row] = await db.insert(sponsors).values({ eventId: input.event_id, name: input.name, image }).returning();
  return toSponsor(row!);
}

export async function updateSponsor(
  db: Db,
  storage: Storage,
  partnerId: number,
  id: number,
  input: { event_id: number; name: string; image: string },
) {
  const { eventId } = await ownedRow(db, sponsors, partnerId, id, 'Sponsor');
  if (eventId !== input.event_id) await ownedEvent(db, partnerId, input.event_id);
  const image = await storeImage(storage, input.image, 'image');
  const [row] = await db
    .update(sponsors)
    .set({ eventId: input.event_id, name: input.name, image })
    .where(eq(sponsors.id, id))
    .returning();
  return toSponsor(row!);
}

export async function deleteSponsor(db: Db, partnerId: number, id: number) {
  await ownedRow(db, sponsors, partnerId, id, 'Sponsor');
  await db.delete(sponsors).where(eq(sponsors.id, id));
  return { ID: id };
}

export async function listSupport(db: Db, partnerId: number, eventId: number) {
  await ownedEvent(db, partnerId, eventId);
  const rows = await db
    .select()
    .from(supportContacts)
    .where(eq(supportContacts.eventId, eventId))
    .orderBy(asc(supportContacts.id));
  return rows.map(toContact);
}

export async function createSupport(db: Db, partnerId: number, input: { event_id: number; contact: string }) {
  await ownedEvent(db, partnerId, input.event_id);
  const [row] = await db
    .insert(supportContacts)
    .values({ eventId: input.event_id, contact: input.contact })
    .returning();
  return toContact(row!);
}

export async function updateSupport(
  db: Db,
  partnerId: number,
  id: number,
  input: { event_id: number; contact: string },
) {
  const { eventId } = await ownedRow(db, supportContacts, partnerId, id, 'Support contact');
  if (eventId !== input.event_id) await ownedEvent(db, partnerId, input.event_id);
  const [row] = await db
    .update(supportContacts)
    .set({ eventId: input.event_id, contact: input.contact })
    .where(eq(supportContacts.id, id))
    .returning();
  return toContact(row!);
}
