import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeAccount } from '../../../test/fixtures/stripe.ts';
import { buildTestApp, type TestHarness } from '../../../test/helper.ts';
import { bearer, signedInOrganisation } from '../../../test/seeders.ts';
import { suiteApp } from '../../../test/suite.ts';
import { partners } from '../../db/schema/index.ts';

/** The link an organisation's admin is given to the payment provider's onboarding. */
async function onboardingLink(t: TestHarness, org: { partnerId: number; token: string }) {
  const link = await t.app.inject({
    method: 'GET',
    url: `/api/partners/${org.partnerId}/stripe_link`,
    headers: bearer(org.token),
  });
  return new URL(link.json().data.AccountLink.url);
}

describe('payout onboarding with the built-in test provider', () => {
  const t = suiteApp({ publicUrl: 'http://portal.test' });

  it('goes to the provider page, where the chosen outcome becomes the partner’s status', async () => {
    const org = await signedInOrganisation(t.app, t.db);
    const url = await onboardingLink(t, org);
    expect(url.pathname).toBe('/api/payments/test-provider/onboarding');
    expect(url.searchParams.get('return_url')).toBe('http://portal.test/profile');

    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    for (const status of ['enabled', 'pending', 'restricted soon', 'restricted', 'rejected', 'complete']) {
      expect(page.body).toContain(`value="${status}"`);
    }

    const chosen = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        account: url.searchParams.get('account')!,
        return_url: url.searchParams.get('return_url')!,
        status: 'complete',
      }).toString(),
    });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe('http://portal.test/profile');
    const [row] = await t.db.select().from(partners).where(eq(partners.id, org.partnerId));
    expect(row!.stripeStatus).toBe('complete');

    const again = await onboardingLink(t, org);
    expect(again.searchParams.get('account')).toBe(url.searchParams.get('account'));
  });

  it('sends nobody back to another site', async () => {
    const url = await onboardingLink(t, await signedInOrganisation(t.app, t.db));
    url.searchParams.set('return_url', 'https://evil.example/');
    expect((await t.app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(404);
  });
});

/** The few Stripe endpoints the adapter calls, answering as Stripe does. */
async function stripeStandIn() {
  const calls: { method: string; path: string; body: string }[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => resolve(body));
    });
  const server = createServer(async (req, res) => {
    const body = await read(req);
    calls.push({ method: req.method!, path: req.url!, body });
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST' && req.url === '/v1/accounts') {
      res.end(JSON.stringify({ id: 'acct_1StandIn', object: 'account', type: 'express' }));
    } else if (req.method === 'POST' && req.url === '/v1/account_links') {
      res.end(JSON.stringify({ object: 'account_link', url: 'https://connect.stripe.test/setup/e/acct_1StandIn/abc' }));
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('payout onboarding with Stripe', () => {
  let t: TestHarness;
  let stripe: Awaited<ReturnType<typeof stripeStandIn>>;
  const webhookSecret = 'whsec_standin_secret';

  beforeAll(async () => {
    stripe = await stripeStandIn();
    t = await buildTestApp({
      publicUrl: 'http://portal.test',
      stripeSecretKey: 'sk_test_standin',
      stripeApiBase: stripe.url,
      stripeWebhookSecret: webhookSecret,
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('creates an Express account once and answers Stripe’s account link', async () => {
    const org = await signedInOrganisation(t.app, t.db);
    for (let i = 0; i < 2; i++) {
      expect((await onboardingLink(t, org)).href).toBe('https://connect.stripe.test/setup/e/acct_1StandIn/abc');
    }
    expect(stripe.calls.filter((c) => c.path === '/v1/accounts')).toHaveLength(1);
    const links = stripe.calls.filter((c) => c.path === '/v1/account_links');
    expect(new URLSearchParams(links[0]!.body).get('return_url')).toBe('http://portal.test/profile');
    expect(new URLSearchParams(links[0]!.body).get('type')).toBe('account_onboarding');
  });

  it('takes the status from a signed account.updated webhook, and refuses a bad signature', async () => {
    const event = {
      id: 'evt_1',
      object: 'event',
      type: 'account.updated',
      data: {
        object: stripeAccount({
          id: 'acct_1StandIn',
          object: 'account',
          charges_enabled: true,
          payouts_enabled: true,
          details_submitted: true,
        }),
      },
    };
    const payload = JSON.stringify(event);
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const post = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });

    expect((await post(forged)).statusCode).toBe(401);
    const [before] = await t.db.select().from(partners).where(eq(partners.stripeAccountId, 'acct_1StandIn'));
    expect(before!.stripeStatus).toBe('');

    const res = await post(good);
    expect(res.json().data).toEqual({ received: true, applied: true });
    const [after] = await t.db.select().from(partners).where(eq(partners.stripeAccountId, 'acct_1StandIn'));
    expect(after!.stripeStatus).toBe('complete');
  });
});
