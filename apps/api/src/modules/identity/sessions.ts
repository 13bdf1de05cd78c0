import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import type { SignInMethod, Tokens } from '../../lib/tokens.ts';

type SessionUser = { id: number; uid: string };

/**
 * How the session's user signed in; a partner session inherits it, and the sign-in's id, from the
 * session it was chosen in. Without a sign-in id the session starts a new sign-in.
 */
export type SessionOrigin = {
  partnerId: number | null;
  signInMethod: SignInMethod;
  widgetPartnerId?: number;
  signInId?: string;
};

/** Opens a server-side session and signs the access token that names it. */
export async function openSession(
  db: Db,
  tokens: Tokens,
  ttlMinutes: number,
  user: SessionUser,
  { partnerId, signInMethod, widgetPartnerId, signInId }: SessionOrigin,
): Promise<string> {
  const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, partnerId, signInMethod, widgetPartnerId, signInId, expiresAt })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session not created');
  return tokens.signAccess({ sid: session.id, uid: user.uid, userId: user.id, partnerId }, ttlMinutes * 60);
}

/** Logout: ends every session of one sign-in, the user session and each partner session alike. */
export async function revokeSignIn(db: Db, signInId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.signInId, signInId), isNull(sessions.revokedAt)));
}
