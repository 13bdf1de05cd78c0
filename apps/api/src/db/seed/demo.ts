import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { partners } from '../schema/index.ts';
import type { Storage } from '../../adapters/storage/index.ts';
import { seedPeople } from './demo-people.ts';
import { seedEvents } from './demo-events.ts';
import { seedSales } from './demo-sales.ts';

export { demoLogin, demoStaffLogin, ensureRoles } from './demo-people.ts';

/** Fills an empty database with a working demo organisation; does nothing once any partner exists. */
export async function seedDemoIfEmpty(db: Db, storage: Storage, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(partners);
  if ((row?.n ?? 0) > 0) return false;
  const people = await seedPeople(db, storage);
  const evs = await seedEvents(db, storage, people.harbour.id, people.north.id, now);
  await seedSales(db, now, people.harbour.id, people.north.id, people.fans, people.adminMemberId, evs);
  return true;
}
