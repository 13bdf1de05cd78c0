import { eq } from 'drizzle-orm';
import type { GoogleIdentity } from '../../adapters/google/index.ts';
import { users } from '../../db/schema/index.ts';
import { issueCode } from './codes.ts';
import type { IdentityDeps } from './deps.ts';

export class GoogleAccountError extends Error {}

/**
 * Finds the portal account behind a Google identity: by its subject, else by its verified e-mail
 * (and remembers the subject). Google never creates accounts: staff are invited.
 * Answers a one-time code that the SPA exchanges for an identity token.
 */
export async function codeForGoogleIdentity({ db }: IdentityDeps, identity: GoogleIdentity): Promise<string> {
  const [bySub] = await db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(eq(users.googleSub, identity.sub));
  let user = bySub;
  if (!user && identity.email && identity.emailVerified) {
    const [byEmail] = await db
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(eq(users.email, identity.email));
    if (byEmail) {
      await db.update(users).set({ googleSub: identity.sub }).where(eq(users.id, byEmail.id));
      user = byEmail;
    }
  }
  if (!user || !user.status) {
    throw new GoogleAccountError(
      `No Partner Portal account uses ${identity.email ?? 'this Google account'}. Ask an admin of your organization to invite you.`,
    );
  }
  return issueCode(db, user.id, 'id_token');
}
