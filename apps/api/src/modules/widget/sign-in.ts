import { and, eq } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import { partners, users } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../lib/http-error.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { Tokens } from '../../lib/tokens.ts';
import { consumeCode, issueCode, openSession } from '../identity/index.ts';
import { widgetSignInMail } from './mails.ts';
import { originAllowed } from './public.ts';

export type WidgetSignInDeps = {
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  tokens: Tokens;
  publicUrl: string;
  ttlMinutes: number;
};

const HOUR = 60 * 60_000;

/**
 * Mails a fan a link that signs them in to the widget and comes back to `returnUrl`. Only pages of the
 * partner's website (or the widget's own frame here) may be returned to, so the session can reach no
 * other site. The answer is the same whether or not the address has an account.
 */
export async function sendWidgetSignInLink(
  deps: WidgetSignInDeps,
  ip: string,
  partnerId: number,
  email: string,
  returnUrl: string,
) {
  await deps.limiter.consume([
    { key: `widget-link:ip:${ip}`, max: 30, windowMs: HOUR },
    { key: `widget-link:email:${email}`, max: 5, windowMs: HOUR },
  ]);
  const [partner] = await deps.db
    .select({ name: partners.name })
    .from(partners)
    .where(and(eq(partners.id, partnerId), eq(partners.status, true)));
  if (!partner) throw notFound('Partner');
  const origin = new URL(returnUrl).origin;
  const ours = origin === new URL(deps.publicUrl).origin;
  if (!ours && !(await originAllowed(deps.db, origin, partnerId))) {
    throw invalid('This page is not on the website saved for the widget.', { return_url: 'not the partner website' });
  }
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.status, true)))
    .limit(1);
  if (user) {
    const code = await issueCode(deps.db, user.id, 'sign_in_link', {
      widget_return_url: returnUrl,
      widget_partner_id: partnerId,
    });
    const link = new URL('/widget/sign-in', deps.publicUrl);
    link.searchParams.set('code', code);
    await deps.mailer.send(widgetSignInMail(email, link.href, partner.name));
  }
  return { sent: true as const };
}

/**
 * Uses the mailed code up and opens a widget session. The token goes back in the return address's
 * fragment: a browser sends fragments to no server and puts them in no Referer, so it reaches only
 * the page that asked. Answers null for a used, expired or non-widget code.
 */
export async function completeWidgetSignIn(deps: WidgetSignInDeps, ip: string, code: string) {
  await deps.limiter.consume([{ key: `code:ip:${ip}`, max: 60, windowMs: 15 * 60_000 }]);
  const row = await deps.db.transaction(async (tx) => {
    const used = await consumeCode(tx, code, ['sign_in_link']);
    const forWidget =
      typeof used?.data.widget_return_url === 'string' && typeof used.data.widget_partner_id === 'number';
    return forWidget ? used : null;
  });
  if (!row) return null;
  const [user] = await deps.db
    .select({ id: users.id, uid: users.uid })
    .from(users)
    .where(and(eq(users.id, row.userId), eq(users.status, true)));
  if (!user) return null;
  const token = await openSession(deps.db, deps.tokens, deps.ttlMinutes, user, {
    partnerId: null,
    signInMethod: 'widget',
    widgetPartnerId: row.data.widget_partner_id as number,
  });
  const back = new URL(row.data.widget_return_url as string);
  back.hash = `ppw_token=${encodeURIComponent(token)}`;
  return back.href;
}
