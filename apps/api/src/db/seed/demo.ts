import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { partners } from '../schema/index.ts';
import type { Storage } from '../../adapters/storage/index.ts';
import { demoLogin, seedPartnerPeople, seedPeople } from './demo-people.ts';
import { seedEvents, seedNorthEvents } from './demo-events.ts';
import { seedNorthSales, seedSales } from './demo-sales.ts';

export { demoLogin, demoStaffLogin, ensureRoles } from './demo-people.ts';

/** Fills an empty database with a working demo organisation; does nothing once any partner exists. */
export async function seedDemoIfEmpty(db: Db, storage: Storage, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(partners);
  if ((row?.n ?? 0) > 0) return false;
  const people = await seedPeople(db, storage);
  const evs = await seedEvents(db, storage, people.harbour.id, now);
  const gala = await seedNorthEvents(db, storage, people.north.id, now);
  await seedSales(db, now, people.harbour.id, people.fans, people.adminMemberId, evs);
  await seedNorthSales(db, now, people.north.id, people.fans, gala);
  return true;
}

/**
 * A copy of the demo's Harbour Lights Live under a name of its own, with its own admin, box office
 * member and fans, and the same events, promo codes and (with `sales`) orders: a browser test's own
 * organisation, which no other test changes.
 */
export async function seedDemoPartner(db: Db, storage: Storage, options: { sales: boolean; now?: Date }) {
  const now = options.now ?? new Date();
  const tag = randomBytes(5).toString('hex');
  const people = await seedPartnerPeople(db, storage, tag);
  const evs = await seedEvents(db, storage, people.partner.id, now);
  if (options.sales) await seedSales(db, now, people.partner.id, people.fans, people.adminMemberId, evs);
  const login = (user: { email: string }) => ({ email: user.email, password: demoLogin.password });
  return { id: people.partner.id, name: people.partner.name, admin: login(people.admin), staff: login(people.staff) };
}
