import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { consumeCode, peekCode } from './codes.ts';
import { mailCodeLink } from './mailed-code.ts';
import { limits, type IdentityDeps } from './deps.ts';
import { resetPasswordMail } from './mails.ts';
import { storePassword } from './service.ts';
import { hashNewPassword } from '../../lib/passwords.ts';

export const invalidLink = () =>
  new HttpError(422, 'validation_failed', 'This link is invalid or has expired. Ask for a new one.', {
    oobCode: 'invalid or expired',
  });

/** Starts a reset: a link to choose a new password, valid for an hour, continuing to /login. */
export const requestPasswordReset = (deps: IdentityDeps, ip: string, email: string) =>
  mailCodeLink(deps, ip, email, {
    purpose: 'reset_password',
    mode: 'resetPassword',
    continueUrl: `${deps.publicUrl}/login`,
    mail: resetPasswordMail,
  });

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
  const passwordHash = await hashNewPassword(password);
  await deps.db.transaction(async (tx) => {
    const row = await consumeCode(tx, code, ['reset_password']);
    if (!row) throw invalidLink();
    await storePassword(tx, row.userId, passwordHash);
  });
  return { reset: true as const };
}
