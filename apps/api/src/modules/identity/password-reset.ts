import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { consumeCode, issueCode, peekCode } from './codes.ts';
import { limits, usermgmtLink, type IdentityDeps } from './deps.ts';
import { resetPasswordMail } from './mails.ts';
import { storePassword } from './service.ts';
import { hashPassword } from '../../lib/passwords.ts';

export const invalidLink = () =>
  new HttpError(422, 'validation_failed', 'This link is invalid or has expired. Ask for a new one.', {
    oobCode: 'invalid or expired',
  });

/**
 * Starts a reset. The answer is the same whether or not the e-mail has an account, so it reveals
 * nothing; only an existing, active account gets a mail.
 */
export async function requestPasswordReset(deps: IdentityDeps, ip: string, email: string) {
  await deps.limiter.consume(limits.mailedLink('forgot', ip, email));
  const [user] = await deps.db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (user?.status) {
    const code = await issueCode(deps.db, user.id, 'reset_password');
    const link = usermgmtLink(deps.publicUrl, 'resetPassword', code, `${deps.publicUrl}/login`);
    await deps.mailer.send(resetPasswordMail(email, link));
  }
  return { sent: true as const };
}

/** Checks a reset link before the new password is asked for; answers whose password it resets. */
export async function verifyResetCode(deps: IdentityDeps, ip: string, code: string) {
  await deps.limiter.consume(limits.code(ip));
  const row = await peekCode(deps.db, code, ['reset_password']);
  if (!row) throw invalidLink();
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  return { email: user!.email };
}

/** Uses the code up and sets the password, in one transaction; every session of the user ends. */
export async function confirmPasswordReset(deps: IdentityDeps, ip: string, code: string, password: string) {
  await deps.limiter.consume(limits.code(ip));
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const row = await consumeCode(tx, code, ['reset_password']);
    if (!row) throw invalidLink();
    await storePassword(tx, row.userId, passwordHash);
  });
  return { reset: true as const };
}
