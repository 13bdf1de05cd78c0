import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { buyTickets, createEventOnSale, createPartnerWithAdmin, type Sale } from '../../../test/seeders.ts';
import { orders, tickets } from '../../db/schema/index.ts';

type Seen = { path: string; form: URLSearchParams; idempotencyKey: string | undefined };

/**
 * A stand-in for Stripe's API on loopback (STRIPE_API_BASE): PaymentIntents that succeed, or fail
 * with a card error for the declined test method, and refunds, as the real API answers them.
 */
function stripeStandIn() {
  const seen: Seen[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => resolve(body));
    });
  const server = createServer(async (req, res) => {
    const form = new URLSearchParams(await read(req));
    seen.push({ path: req.url ?? '', form, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/v1/payment_intents' && form.get('payment_method') === 'pm_card_chargeDeclined') {
      res.statusCode = 402;
      res.end(
        JSON.stringify({
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        }),
      );
      return;
    }
    if (req.url === '/v1/payment_intents') {
      res.end(JSON.stringify({ id: `pi_${seen.length}`, object: 'payment_intent', status: 'succeeded' }));
      return;
    }
    if (req.url === '/v1/refunds') {
      res.end(JSON.stringify({ id: `re_${seen.length}`, object: 'refund', status: 'succeeded' }));
      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown' } }));
  });
  return { server, seen };
}

describe('checkout through Stripe PaymentIntents', () => {
  const stand = stripeStandIn();
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let sale: Sale;

  beforeAll(async () => {
    await new Promise<void>((resolve) => stand.server.listen(0, '127.0.0.1', resolve));
    const { port } = stand.server.address() as AddressInfo;
    t = await buildTestApp({ stripeSecretKey: 'sk_test_standin', stripeApiBase: `http://127.0.0.1:${port}` });
    const partnerId = (await createPartnerWithAdmin(t.db)).partner.id;
    sale = await createEventOnSale(t.db, partnerId, [{ name: 'GA', priceCents: 4500, amount: 10 }]);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => stand.server.close(resolve));
  });

  /** A fan's purchase of GA tickets, paid by the Stripe payment method given. */
  const pay = (email: string, quantity: number, payment_method: string) =>
    buyTickets(t.app, sale, { email, full_name: 'Stripe Buyer' }, [{ ticket_type_id: sale.typeId, quantity }], {
      payment_method,
    });

  it('confirms one PaymentIntent for the order, with an idempotency key, and records its id', async () => {
    const res = await pay('stripe@fans.test', 2, 'pm_card_visa');
    expect(res.statusCode).toBe(200);
    const intent = stand.seen.find((s) => s.path === '/v1/payment_intents')!;
    expect(intent.form.get('amount')).toBe('9000');
    expect(intent.form.get('currency')).toBe('usd');
    expect(intent.form.get('confirm')).toBe('true');
    expect(intent.idempotencyKey).toBeTruthy();
    const [order] = await t.db.select().from(orders);
    expect(order!.paymentRef).toMatch(/^pi_/);
  });

  it('writes nothing when Stripe declines the card, and says why', async () => {
    const before = (await t.db.select().from(tickets)).length;
    const res = await pay('declined@fans.test', 1, 'pm_card_chargeDeclined');
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe('Your card was declined.');
    expect(await t.db.select().from(tickets)).toHaveLength(before);
  });

  it('refunds through Stripe against the PaymentIntent', async () => {
    const refund = await t.app.payments.refund('pi_1', 4500, 'refund-key-1');
    expect(refund.ref).toMatch(/^re_/);
    const call = stand.seen.find((s) => s.path === '/v1/refunds')!;
    expect(call.form.get('payment_intent')).toBe('pi_1');
    expect(call.form.get('amount')).toBe('4500');
    expect(call.idempotencyKey).toBe('refund-key-1');
  });
});
