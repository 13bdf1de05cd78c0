import { stripeStatuses, stripeStatusText } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { partners } from '../../db/schema/index.ts';
import { escapeHtml } from '../../lib/html.ts';
import { notFound, unauthenticated } from '../../lib/http-error.ts';
import { applyAccountStatus } from './payouts.ts';
import { ok } from '../../lib/reply.ts';

const onboardingQuery = z.object({ account: z.string().regex(/^acct_test_\w+$/), return_url: z.url() });

/** Where the payout provider talks back: the test provider's onboarding page, and Stripe's webhook. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const sameSite = (url: string) => new URL(url).origin === new URL(app.config.publicUrl).origin;

  if (app.payments.kind === 'test') {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get(
      '/payments/test-provider/onboarding',
      { config: { access: 'public' }, schema: { hide: true, querystring: onboardingQuery } },
      async (request, reply) => {
        const { account, return_url } = request.query;
        const [partner] = await app.database.db
          .select({ name: partners.name })
          .from(partners)
          .where(eq(partners.stripeAccountId, account));
        if (!partner || !sameSite(return_url)) throw notFound('Account');
        const choices = stripeStatuses
          .map(
            (s) =>
              `<button name="status" value="${s}"><b>${escapeHtml(s)}</b><br><small>${escapeHtml(stripeStatusText[s])}</small></button>`,
          )
          .join('\n');
        return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Test payout provider</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}
form{display:grid;gap:.5rem}button{text-align:left;padding:.75rem;border:1px solid #cbd5e1;border-radius:8px;background:#fff;cursor:pointer}
button:hover{border-color:#1b4965}</style></head><body>
<h1>Test payout provider</h1><p>No money moves here. Choose how the onboarding of <b>${escapeHtml(partner.name)}</b> ends.</p>
<form method="post"><input type="hidden" name="account" value="${escapeHtml(account)}"><input type="hidden" name="return_url" value="${escapeHtml(return_url)}">
${choices}</form></body></html>`);
      },
    );

    app.post(
      '/payments/test-provider/onboarding',
      {
        config: { access: 'public' },
        schema: { hide: true, body: onboardingQuery.extend({ status: z.enum(stripeStatuses) }) },
      },
      async (request, reply) => {
        const { account, return_url, status } = request.body;
        if (!sameSite(return_url) || !(await applyAccountStatus(app.database.db, { accountId: account, status }))) {
          throw notFound('Account');
        }
        return reply.redirect(return_url, 303);
      },
    );
  }

  if (app.payments.kind === 'stripe') {
    // The signature covers the exact bytes, so this route keeps the body raw.
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    app.post('/payments/stripe/webhook', { config: { access: 'public' }, schema: { hide: true } }, async (request) => {
      const signature = request.headers['stripe-signature'];
      let update;
      try {
        update = app.payments.webhook(request.body as Buffer, typeof signature === 'string' ? signature : '');
      } catch {
        throw unauthenticated('The webhook signature does not match.');
      }
      const applied = update ? await applyAccountStatus(app.database.db, update) : false;
      return ok({ received: true, applied });
    });
  }
};
