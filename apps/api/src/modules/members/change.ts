import { and, eq, sql } from 'drizzle-orm';
import type { Member } from '@portal/contract';
import type { Db, Tx } from '../../db/client.ts';
import { memberRoles, members, partners, roles } from '../../db/schema/index.ts';
import { conflict, invalid, notFound } from '../../lib/http-error.ts';
import { listMembers } from './list.ts';

const ADMIN = 'Admin';

/**
 * Locks the partner for the rest of the transaction, so two admins demoting or removing each other at
 * the same moment cannot leave the organisation without one.
 */
async function lockPartner(tx: Tx, partnerId: number) {
  await tx.execute(sql`select ${partners.id} from ${partners} where ${partners.id} = ${partnerId} for update`);
}

async function memberOf(tx: Tx, partnerId: number, memberId: number) {
  const [member] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.partnerId, partnerId)));
  if (!member) throw notFound('Member');
  return member;
}

/** Refuses to take the last active admin away from a partner; `leavingMemberId` is one of its members. */
async function keepAnAdmin(tx: Tx, partnerId: number, leavingMemberId: number) {
  const [admins] = await tx
    .select({
      leaving: sql<boolean>`coalesce(bool_or(${members.id} = ${leavingMemberId}), false)`,
      others: sql<boolean>`coalesce(bool_or(${members.status} and ${members.id} <> ${leavingMemberId}), false)`,
    })
    .from(members)
    .innerJoin(memberRoles, eq(memberRoles.memberId, members.id))
    .innerJoin(roles, eq(roles.id, memberRoles.roleId))
    .where(and(eq(members.partnerId, partnerId), eq(roles.value, ADMIN)));
  if (admins?.leaving && !admins.others) {
    throw conflict('An organization needs at least one admin. Make someone else an admin first.');
  }
}

export async function changeMemberRole(db: Db, partnerId: number, memberId: number, roleId: number): Promise<Member> {
  await db.transaction(async (tx) => {
    await lockPartner(tx, partnerId);
    await memberOf(tx, partnerId, memberId);
    const [role] = await tx.select().from(roles).where(eq(roles.id, roleId));
    if (!role) throw invalid('Choose one of the roles offered.', { roles: 'unknown role' });
    if (role.value !== ADMIN) await keepAnAdmin(tx, partnerId, memberId);
    await tx.delete(memberRoles).where(eq(memberRoles.memberId, memberId));
    await tx.insert(memberRoles).values({ memberId, roleId });
  });
  const [member] = (await listMembers(db, partnerId)).filter((m) => m.MemberID === memberId);
  return member!;
}

export async function removeMember(db: Db, partnerId: number, memberId: number) {
  await db.transaction(async (tx) => {
    await lockPartner(tx, partnerId);
    await memberOf(tx, partnerId, memberId);
    await keepAnAdmin(tx, partnerId, memberId);
    await tx.delete(members).where(eq(members.id, memberId));
  });
  return { member_id: memberId };
}
