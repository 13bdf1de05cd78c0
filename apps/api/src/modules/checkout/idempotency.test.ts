import { count, eq, sql } from 'drizzle-orm';
import { checkoutBodySchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { checkoutBody, createEventOnSale, createPartner } from '../../../test/seeders.ts';
import type { Payments } from '../../adapters/payments/index.ts';
import { checkoutAttempts, events, orders } from '../../db/schema/index.ts';
import { claimAttempt, forgetOldAttempts, purchaseKey, releaseAttempt, requestHash } from './attempts.ts';
import { checkout } from './checkout.ts';
import { createSaleBatches } from './sale-batches.ts';
import { createSaleLanes } from './sale-lanes.ts';
import { createStockMemo } from './stock-memo.ts';

describe('checkout under an idempotency key', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let charges: string[];

  beforeAll(async () => {
    t = await buildTestApp();
    charges = [];
    const charge = t.app.payments.charge.bind(t.app.payments);
    t.app.payments.charge = async (request) => {
      charges.push(request.idempotencyKey);
      return charge(request);
    };
  });
  afterAll(() => t.close());

  async function onSale(amount = 10) {
    const partner = await createPartner(t.db);
    const { event, days, types } = await createEventOnSale(t.db, partner.id, [
      { name: 'GA', priceCents: 5000, amount },
    ]);
    return { partnerId: partner.id, eventId: event.id, dayId: days[0]!.id, typeId: types[0]!.id };
  }
  type Sale = Awaited<ReturnType<typeof onSale>>;
  /** What the checkout route gives the sale, with these payments. */
  const depsWith = (payments: Payments) => ({
    db: t.db,
    payments,
    stock: createStockMemo(),
    lanes: createSaleLanes(),
    batches: createSaleBatches(t.db),
    afterSale: () => {},
    log: () => {},
  });
  const body = (s: Sale, quantity = 1, email = 'keyed@fans.test') =>
    checkoutBody(s, { email, full_name: 'Keyed Buyer' }, [{ ticket_type_id: s.typeId, quantity }]);
  const buy = (s: Sale, key: string | undefined, payload = body(s)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/checkout',
      headers: key ? { 'idempotency-key': key } : {},
      payload,
    });
  const ordersOf = async (s: Sale) =>
    (await t.db.select({ n: count() }).from(orders).where(eq(orders.eventId, s.eventId)))[0]!.n;

  it('answers a retry with the first answer: one sale, one charge', async () => {
    const s = await onSale();
    charges.length = 0;
    const first = await buy(s, 'retry-key-0001');
    const again = await buy(s, 'retry-key-0001');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf(s)).toBe(1);
    expect(charges).toHaveLength(1);
  });

  it('answers 404 to a key sent for an organisation that does not exist, and keeps no key', async () => {
    const s = await onSale();
    const res = await buy({ ...s, partnerId: 2_000_000_000 }, 'no-such-partner-01');
    expect(res.statusCode).toBe(404);
    expect(
      await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, 'no-such-partner-01')),
    ).toEqual([]);
  });

  it('frees a key refused before any charge: the same press sells once the reason is gone', async () => {
    const s = await onSale();
    await t.db.update(events).set({ activeOnWidget: false }).where(eq(events.id, s.eventId));
    charges.length = 0;
    expect((await buy(s, 'refused-first-01')).statusCode).toBe(404);
    expect(
      await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, 'refused-first-01')),
    ).toEqual([]);
    await t.db.update(events).set({ activeOnWidget: true }).where(eq(events.id, s.eventId));
    expect((await buy(s, 'refused-first-01')).statusCode).toBe(200);
    expect(await ordersOf(s)).toBe(1);
    expect(charges).toHaveLength(1);
  });

  it('answers the retry of a purchase that took the last tickets with that sale, not "sold out"', async () => {
    const s = await onSale(2);
    const first = await buy(s, 'last-tickets-01', body(s, 2));
    expect(first.statusCode).toBe(200);
    const again = await buy(s, 'last-tickets-01', body(s, 2));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // The same key with another basket is not that purchase: it hears that the stock is gone.
    const other = await buy(s, 'last-tickets-01', body(s, 1));
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe('Not enough tickets are left.');
    expect(await ordersOf(s)).toBe(1);
  });

  it('keeps a refusal that came after the charge, so a retry hears it without being charged again', async () => {
    const s = await onSale(1);
    const refunds: string[] = [];
    const payments = {
      ...t.app.payments,
      // Another buyer takes the last ticket while this buyer's card is being charged.
      async charge(request: Parameters<typeof t.app.payments.charge>[0]) {
        await t.db.execute(sql`update ticket_types set sold = amount where id = ${s.typeId}`);
        return t.app.payments.charge(request);
      },
      async refund(ref: string, cents: number, key: string) {
        refunds.push(ref);
        return t.app.payments.refund(ref, cents, key);
      },
    };
    const deps = depsWith(payments);
    const input = checkoutBodySchema.parse(body(s));
    charges.length = 0;
    await expect(checkout(deps, input, { idempotencyKey: 'refused-key-01' })).rejects.toThrow(/Not enough tickets/);
    expect(refunds).toHaveLength(1);
    const retried = await buy(s, 'refused-key-01');
    expect(retried.statusCode).toBe(409);
    expect(retried.json().error.message).toBe('Not enough tickets of this type are left.');
    expect(charges).toHaveLength(1);
    expect(await ordersOf(s)).toBe(0);
  });

  it('sells once when the same press arrives twice at once: the other hears it is being worked on', async () => {
    const s = await onSale();
    const deps = depsWith(t.app.payments);
    const input = checkoutBodySchema.parse(body(s));
    charges.length = 0;
    // Started in the same turn, both baskets are read, and the key claimed, in one statement.
    const both = await Promise.allSettled([
      checkout(deps, input, { idempotencyKey: 'double-press-01' }),
      checkout(deps, input, { idempotencyKey: 'double-press-01' }),
    ]);
    // One sells. The other hears that it is being worked on or, once that sale is written, its answer.
    const sold = both.find((r) => r.status === 'fulfilled')!;
    expect(sold).toBeDefined();
    for (const r of both) {
      if (r.status === 'fulfilled') expect(r.value).toEqual(sold.value);
      else expect(r.reason).toMatchObject({ statusCode: 409, code: 'in_progress' });
    }
    expect(await ordersOf(s)).toBe(1);
    expect(charges).toHaveLength(1);
  });

  it('refuses the same key with another basket, and changes nothing', async () => {
    const s = await onSale();
    expect((await buy(s, 'reused-key-0001')).statusCode).toBe(200);
    const other = await buy(s, 'reused-key-0001', body(s, 3));
    expect(other.statusCode).toBe(422);
    expect(other.json().error.message).toBe(
      'This purchase key was already used for another purchase. Start the purchase again.',
    );
    expect(await ordersOf(s)).toBe(1);
  });

  it('tells a retry that arrives while the first attempt is being worked on to wait, and takes over one left behind', async () => {
    const s = await onSale();
    const [pending] = await t.db
      .insert(checkoutAttempts)
      .values({
        partnerId: s.partnerId,
        idempotencyKey: 'pending-key-01',
        requestHash: requestHash(checkoutBodySchema.parse(body(s))),
      })
      .returning();
    const waiting = await buy(s, 'pending-key-01');
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error).toMatchObject({
      code: 'in_progress',
      message: 'This purchase is still being processed. Try again in a moment.',
    });
    expect(await ordersOf(s)).toBe(0);

    // An attempt claimed minutes ago and never answered died with its process: the retry takes it over.
    await t.db
      .update(checkoutAttempts)
      .set({ claimedAt: sql`now() - interval '10 minutes'` })
      .where(eq(checkoutAttempts.id, pending!.id));
    expect((await buy(s, 'pending-key-01')).statusCode).toBe(200);
    expect(await ordersOf(s)).toBe(1);
  });

  it('does not sell to a buyer whose connection closed before the sale, and frees the key', async () => {
    const s = await onSale();
    const gone = AbortSignal.abort();
    const deps = depsWith(t.app.payments);
    await expect(
      checkout(deps, checkoutBodySchema.parse(body(s)), {
        idempotencyKey: 'gone-key-0001',
        watch: () => gone,
      }),
    ).rejects.toThrow(/connection closed/);
    expect(await ordersOf(s)).toBe(0);
    expect(
      await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, 'gone-key-0001')),
    ).toEqual([]);
    expect((await buy(s, 'gone-key-0001')).statusCode).toBe(200);
  });

  it('releases claims made at once, each only while it is still its attempt’s', async () => {
    const s = await onSale();
    const claim = async (key: string) => {
      const claimed = await claimAttempt(t.db, s.partnerId, purchaseKey(key, body(s)));
      if ('answer' in claimed) throw new Error(`${key} was answered before`);
      return claimed;
    };
    const [first, second, third] = await Promise.all(['release-key-01', 'release-key-02', 'release-key-03'].map(claim));
    // A retry took the second attempt over: its claim is the retry's now, not this attempt's to release.
    await t.db
      .update(checkoutAttempts)
      .set({ claimedAt: sql`claimed_at + interval '1 second'` })
      .where(eq(checkoutAttempts.id, second!.id));
    await Promise.all([first, second, third].map((c) => releaseAttempt(t.db, c!)));
    const left = await t.db
      .select({ key: checkoutAttempts.idempotencyKey })
      .from(checkoutAttempts)
      .where(eq(checkoutAttempts.partnerId, s.partnerId));
    expect(left).toEqual([{ key: 'release-key-02' }]);
  });

  it('refuses a key that is too short or not plain text, and sells nothing', async () => {
    const s = await onSale();
    for (const key of ['short', 'has space in it', 'é'.repeat(10), 'x'.repeat(256)]) {
      const answer = await buy(s, key);
      expect(answer.statusCode, key).toBe(422);
    }
    expect(await ordersOf(s)).toBe(0);
  });

  it('forgets keys after a day', async () => {
    const s = await onSale();
    const row = (idempotencyKey: string) => ({ partnerId: s.partnerId, idempotencyKey, requestHash: 'h' });
    await t.db.insert(checkoutAttempts).values([row('kept-key-0001'), row('old-key-00001')]);
    await t.db
      .update(checkoutAttempts)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(checkoutAttempts.idempotencyKey, 'old-key-00001'));
    await forgetOldAttempts(t.db);
    const left = await t.db
      .select({ key: checkoutAttempts.idempotencyKey })
      .from(checkoutAttempts)
      .where(eq(checkoutAttempts.partnerId, s.partnerId));
    expect(left).toEqual([{ key: 'kept-key-0001' }]);
  });

  it('leaves a sale to the retry that took its attempt over, without giving back the charge', async () => {
    const s = await onSale();
    const refunds: string[] = [];
    const payments = {
      ...t.app.payments,
      // A retry takes the attempt over while this one is still charging.
      async charge(request: Parameters<typeof t.app.payments.charge>[0]) {
        await t.db
          .update(checkoutAttempts)
          .set({ claimedAt: sql`now() + interval '1 second'` })
          .where(eq(checkoutAttempts.idempotencyKey, 'taken-over-01'));
        return t.app.payments.charge(request);
      },
      async refund(ref: string, cents: number, key: string) {
        refunds.push(ref);
        return t.app.payments.refund(ref, cents, key);
      },
    };
    const deps = depsWith(payments);
    await expect(
      checkout(deps, checkoutBodySchema.parse(body(s)), { idempotencyKey: 'taken-over-01' }),
    ).rejects.toMatchObject({ code: 'in_progress' });
    expect(refunds).toEqual([]);
    expect(await ordersOf(s)).toBe(0);
  });

  it('keeps the key claimed when the charge has an unclear outcome, so a retry cannot charge under a new one', async () => {
    const s = await onSale();
    const payments = {
      ...t.app.payments,
      async charge(): Promise<never> {
        throw new Error('connection reset by the payment provider');
      },
    };
    const deps = depsWith(payments);
    await expect(
      checkout(deps, checkoutBodySchema.parse(body(s)), { idempotencyKey: 'unclear-charge-01' }),
    ).rejects.toThrow('connection reset');
    const retried = await buy(s, 'unclear-charge-01');
    expect(retried.statusCode).toBe(409);
    expect(retried.json().error.code).toBe('in_progress');
    expect(await ordersOf(s)).toBe(0);
  });
});
