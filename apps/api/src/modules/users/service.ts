import { and, asc, eq } from 'drizzle-orm';
import type { User } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { members, partners, users } from '../../db/schema/index.ts';

/** A user with the partners they are an active member of. */
export async function getUserWithPartners(db: Db, userId: number): Promise<User | null> {
  const [user] = await db
    .select({
      ID: users.id,
      email: users.email,
      full_name: users.fullName,
      phone_number: users.phoneNumber,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const Partners = await db
    .select({ ID: partners.id, name: partners.name, image: partners.image })
    .from(members)
    .innerJoin(partners, eq(partners.id, members.partnerId))
    .where(and(eq(members.userId, userId), eq(members.status, true)))
    .orderBy(asc(partners.name));
  return { ...user, Partners };
}
