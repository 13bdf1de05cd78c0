import { eq } from 'drizzle-orm';
import type { Mail } from '../../adapters/mail/index.ts';
import { users } from '../../db/schema/index.ts';
import { issueCode, type CodePurpose } from './codes.ts';
import { limits, usermgmtLink, type IdentityDeps } from './deps.ts';

type MailedCode = {
  purpose: Extract<CodePurpose, 'reset_password' | 'sign_in_link'>;
  mode: 'resetPassword' | 'signIn';
  continueUrl: string;
  mail: (to: string, link: string) => Mail;
};

/**
 * Mails a /usermgmt link carrying a new code to an active account. The answer is the same whether or
 * not the e-mail has an account, so it reveals nothing; each request counts against the IP and the e-mail.
 */
export async function mailCodeLink(deps: IdentityDeps, ip: string, email: string, what: MailedCode) {
  await deps.limiter.consume(limits.mailedLink(what.purpose, ip, email));
  const [user] = await deps.db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (user?.status) {
    const code = await issueCode(deps.db, user.id, what.purpose);
    await deps.mailer.send(what.mail(email, usermgmtLink(deps.publicUrl, what.mode, code, what.continueUrl)));
  }
  return { sent: true as const };
}
