import { and, eq } from 'drizzle-orm';
import { members, users } from '../../db/schema/index.ts';
import { consumeCode } from './codes.ts';
import { mailCodeLink } from './mailed-code.ts';
import { limits, type IdentityDeps } from './deps.ts';
import { signInLinkMail } from './mails.ts';
import { invalidLink } from './password-reset.ts';

/** Only paths of this portal may follow a sign-in; never another site (no open redirect). */
export function safeContinuePath(continuePath: string | undefined): string {
  // '//host' and '/\\host' are other sites to a browser.
  if (!continuePath || !/^\/(?![/\\])/.test(continuePath) || continuePath.includes('\\')) return '/event-list';
  return continuePath;
}

/** Mails a sign-in link to an existing account, continuing to a path of this portal. */
export const sendSignInLink = (deps: IdentityDeps, ip: string, email: string, continuePath?: string) =>
  mailCodeLink(deps, ip, email, {
    purpose: 'sign_in_link',
    mode: 'signIn',
    continueUrl: new URL(safeContinuePath(continuePath), deps.publicUrl).toString(),
    mail: signInLinkMail,
  });

/**
 * Signs in with an e-mailed code (sign-in link, invitation, or the one-time code Google sign-in ends
 * with) and answers an identity token for POST /login. Opening an invitation proves the invitee owns
 * the address, so it activates their membership in the same transaction that uses the code up.
 */
export async function signInWithCode(deps: IdentityDeps, ip: string, code: string) {
  await deps.limiter.consume(limits.code(ip));
  const { uid, method } = await deps.db.transaction(async (tx) => {
    const row = await consumeCode(tx, code, ['sign_in_link', 'invitation', 'id_token']);
    if (!row) throw invalidLink();
    if (row.purpose === 'invitation' && typeof row.data.member_id === 'number') {
      await tx
        .update(members)
        .set({ status: true })
        .where(and(eq(members.id, row.data.member_id), eq(members.userId, row.userId)));
    }
    const [user] = await tx
      .update(users)
      .set({ status: true })
      .where(eq(users.id, row.userId))
      .returning({ uid: users.uid });
    return { uid: user!.uid, method: row.purpose === 'id_token' ? ('google' as const) : ('link' as const) };
  });
  return { id_token: await deps.tokens.signIdentity(uid, method) };
}
