import { and, eq } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import { memberRoles, members, partners, roles, users } from '../../db/schema/index.ts';
import { conflict, forbidden, HttpError, invalid, notFound } from '../../lib/http-error.ts';
import { issueCode, usermgmtLink, invitationMail } from '../identity/index.ts';

/**
 * The inviter a body names (the spec sends user_id) is the signed-in user: a colleague's id is
 * refused, and anyone outside the organisation answers 404, like a user that does not exist.
 */
export async function checkInviter(db: Db, partnerId: number, signedIn: number, named: number | undefined) {
  if (named === undefined || named === signedIn) return;
  const [colleague] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.partnerId, partnerId), eq(members.userId, named)));
  if (!colleague) throw notFound('User');
  throw forbidden('Invitations are sent in your own name.');
}

export type Invite = { partnerId: number; inviterId: number; fullName: string; email: string; roleId: number };

/**
 * Adds a pending member (status false) and mails the invitation link. The link leads through
 * /usermgmt to /member-login with the invite parameters the spec lists.
 */
export async function inviteMember(db: Db, mailer: Mailer, publicUrl: string, invite: Invite) {
  const { member, code, partner, inviter, userId } = await db.transaction(async (tx) => {
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, invite.roleId));
    if (!role) throw invalid('Choose one of the roles offered.', { roles: 'unknown role' });
    const [partner] = await tx
      .select({ name: partners.name, image: partners.image })
      .from(partners)
      .where(eq(partners.id, invite.partnerId));
    const [inviter] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, invite.inviterId));
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invite.email));
    const userId =
      existing?.id ??
      (
        await tx.insert(users).values({ email: invite.email, fullName: invite.fullName }).returning({ id: users.id })
      )[0]!.id;
    const [already] = await tx
      .select({ id: members.id, status: members.status })
      .from(members)
      .where(and(eq(members.partnerId, invite.partnerId), eq(members.userId, userId)));
    if (already?.status)
      throw conflict('This person is already a member of this organization.', { email: 'already a member' });
    // A pending invitation is sent again (with the role now chosen), so a lost mail can be replaced.
    const [member] = already
      ? [already]
      : await tx
          .insert(members)
          .values({ partnerId: invite.partnerId, userId, status: false, invitedBy: invite.inviterId })
          .returning({ id: members.id });
    await tx.delete(memberRoles).where(eq(memberRoles.memberId, member!.id));
    await tx.insert(memberRoles).values({ memberId: member!.id, roleId: role.id });
    const code = await issueCode(tx, userId, 'invitation', { member_id: member!.id, partner_id: invite.partnerId });
    return { member: member!, code, partner: partner!, inviter: inviter!, userId };
  });

  const landing = new URL('/member-login', publicUrl);
  const params = {
    email: invite.email,
    user_id: String(userId),
    partner_id: String(invite.partnerId),
    partner_logo: partner.image,
    invited_by: inviter.fullName,
    partner_name: partner.name,
  };
  for (const [k, v] of Object.entries(params)) landing.searchParams.set(k, v);
  const link = usermgmtLink(publicUrl, 'signIn', code, landing.toString());
  try {
    await mailer.send(invitationMail(invite.email, link, partner.name, inviter.fullName));
  } catch {
    throw new HttpError(
      502,
      'internal_error',
      'The member was added, but the invitation e-mail could not be sent. Try again later.',
    );
  }
  return { member_id: member.id, partner_id: invite.partnerId };
}
