import { and, eq, isNull, ne } from 'drizzle-orm';
import { messages } from '@portal/contract';
import { members, sessions, users } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { SignInMethod } from '../../lib/tokens.ts';
import type { Db, Tx } from '../../db/client.ts';
import { limits, type IdentityDeps } from './deps.ts';
import { openSession } from './sessions.ts';

const loginFailed = () => new HttpError(401, 'unauthenticated', messages.loginFailed);

/**
 * E-mail and password → a short identity token. The same answer whether the e-mail exists or not;
 * failures count against the IP and against the e-mail from that IP, and a success clears the latter.
 */
export async function signInWithPassword(deps: IdentityDeps, ip: string, email: string, password: string) {
  const { db, tokens, limiter } = deps;
  const throttle = limits.signIn(ip, email);
  await limiter.guard(throttle.limits, throttle.backoffs);
  const [user] = await db
    .select({ uid: users.uid, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok || !user.status) {
    await limiter.fail(throttle.limits, throttle.backoffs);
    throw loginFailed();
  }
  await limiter.succeed(throttle.backoffs);
  return { id_token: await tokens.signIdentity(user.uid, 'password') };
}

/** POST /login: the identity token → a user access token without a partner. */
export async function exchangeIdentityToken({ db, tokens, ttlMinutes }: IdentityDeps, idToken: string) {
  const identity = await tokens.verifyIdentity(idToken);
  if (!identity) throw loginFailed();
  const [user] = await db
    .select({ id: users.id, uid: users.uid })
    .from(users)
    .where(and(eq(users.uid, identity.uid), eq(users.status, true)))
    .limit(1);
  if (!user) throw loginFailed();
  const accessToken = await openSession(db, tokens, ttlMinutes, user, {
    partnerId: null,
    signInMethod: identity.method,
  });
  return { access_token: accessToken, user_id: user.id, uid: user.uid };
}

/** POST /login/partner: a partner-scoped token, only for an active member of that partner. */
export async function loginToPartner(
  { db, tokens, ttlMinutes }: IdentityDeps,
  user: { id: number; uid: string; signInMethod: SignInMethod; signInId: string },
  partnerId: number,
) {
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.userId, user.id), eq(members.partnerId, partnerId), eq(members.status, true)))
    .limit(1);
  if (!member) throw notFound('Partner');
  return openSession(db, tokens, ttlMinutes, user, {
    partnerId,
    signInMethod: user.signInMethod,
    signInId: user.signInId,
  });
}

/**
 * Stores a new password hash and ends every other session of the user (a signed token alone cannot
 * be logged out, so sessions are what gets revoked). Hash first, outside any transaction.
 */
export async function storePassword(db: Db | Tx, userId: number, passwordHash: string, keepSessionId?: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}
