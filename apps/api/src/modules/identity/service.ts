import { and, eq } from 'drizzle-orm';
import { messages } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { members, users } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Tokens } from '../../lib/tokens.ts';
import { openSession } from './sessions.ts';

type Deps = { db: Db; tokens: Tokens; ttlMinutes: number };

const loginFailed = () => new HttpError(401, 'unauthenticated', messages.loginFailed);

/** E-mail and password → a short identity token; the same answer whether the e-mail exists or not. */
export async function signInWithPassword({ db, tokens }: Deps, email: string, password: string) {
  const [user] = await db
    .select({ uid: users.uid, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok || !user.status) throw loginFailed();
  return { id_token: await tokens.signIdentity(user.uid) };
}

/** POST /login: the identity token → a user access token without a partner. */
export async function exchangeIdentityToken({ db, tokens, ttlMinutes }: Deps, idToken: string) {
  const uid = await tokens.verifyIdentity(idToken);
  if (!uid) throw loginFailed();
  const [user] = await db
    .select({ id: users.id, uid: users.uid })
    .from(users)
    .where(and(eq(users.uid, uid), eq(users.status, true)))
    .limit(1);
  if (!user) throw loginFailed();
  const accessToken = await openSession(db, tokens, ttlMinutes, user, null);
  return { access_token: accessToken, user_id: user.id, uid: user.uid };
}

/** POST /login/partner: a partner-scoped token, only for an active member of that partner. */
export async function loginToPartner(
  { db, tokens, ttlMinutes }: Deps,
  user: { id: number; uid: string },
  partnerId: number,
) {
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.userId, user.id), eq(members.partnerId, partnerId), eq(members.status, true)))
    .limit(1);
  if (!member) throw notFound('Partner');
  return openSession(db, tokens, ttlMinutes, user, partnerId);
}
