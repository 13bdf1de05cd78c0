import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Member } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { memberRoles, members, roles, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/http-error.ts';

/**
 * The partner's members (or one user's membership) with their roles; active members first. A user
 * named who is no member of the partner answers 404, like an id that does not exist.
 */
export async function listMembers(db: Db, partnerId: number, userId?: number): Promise<Member[]> {
  const rows = await db
    .select({ member: members, fullName: users.fullName, email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.partnerId, partnerId), userId === undefined ? undefined : eq(members.userId, userId)))
    .orderBy(asc(users.fullName), asc(members.id));
  if (rows.length === 0) {
    if (userId !== undefined) throw notFound('Member');
    return [];
  }
  const roleRows = await db
    .select({ memberId: memberRoles.memberId, ID: roles.id, name: roles.name, value: roles.value })
    .from(memberRoles)
    .innerJoin(roles, eq(roles.id, memberRoles.roleId))
    .where(
      inArray(
        memberRoles.memberId,
        rows.map((r) => r.member.id),
      ),
    )
    .orderBy(asc(roles.id));
  return rows
    .map(({ member, fullName, email }) => ({
      MemberID: member.id,
      PartnerID: member.partnerId,
      UserID: member.userId,
      User: { full_name: fullName },
      email,
      Roles: roleRows.filter((r) => r.memberId === member.id).map(({ ID, name, value }) => ({ ID, name, value })),
      status: member.status,
    }))
    .sort((a, b) => Number(b.status) - Number(a.status));
}
