import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, holderSession, purchaseTickets } from '../../../test/seeders.ts';
import { suiteApp, suiteEventOnSale, suiteOrganisation } from '../../../test/suite.ts';
import { refunds, tickets, ticketTypes } from '../../db/schema/index.ts';
import { settleRefund } from './settle.ts';

describe('refunds that stop half-way', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t);
  const show = suiteEventOnSale(t, org, [{ name: 'GA', priceCents: 3000, amount: 20 }]);
  const calls: { ref: string; key: string }[] = [];

  beforeAll(async () => {
    const buyer = { email: 'split@fans.test', full_name: 'Split Payer' };
    // Two purchases: two charges to give back.
    await purchaseTickets(t.app, show, buyer);
    await purchaseTickets(t.app, show, buyer);
    await purchaseTickets(t.app, show, { email: 'other@fans.test', full_name: 'Other' }, 3);
  });

  const refund = (ticket_ids: number[], key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/financial/refund',
      payload: { ticket_ids, amount: 30 },
      headers: { ...bearer(org.token), ...(key ? { 'idempotency-key': key } : {}) },
    });
  const sold = async () => (await t.db.select().from(ticketTypes).where(eq(ticketTypes.id, show.typeId)))[0]!.sold;

  it('keeps a claim that paid something back, and finishes it later without paying any charge twice', async () => {
    const mine = (await t.db.select().from(tickets).where(eq(tickets.ticketTypeId, show.typeId)))
      .sort((a, b) => a.id - b.id)
      .slice(0, 2);
    const real = t.app.payments.refund.bind(t.app.payments);
    let failSecond = true;
    t.app.payments.refund = async (ref, cents, key) => {
      calls.push({ ref, key });
      if (failSecond && calls.length === 2) throw new Error('timeout');
      return real(ref, cents, key);
    };
    const first = await refund(mine.map((x) => x.id));
    expect(first.statusCode).toBe(502);
    const [claim] = await t.db.select().from(refunds);
    expect(claim!.paymentRef).toBe('');
    expect(await sold()).toBe(5);

    // Another dialog's request for one of these tickets, after the claim went stale, finishes it.
    failSecond = false;
    await t.db.update(refunds).set({ createdAt: new Date(Date.now() - 120_000) });
    const other = await refund([mine[0]!.id], 'a-new-dialog-key');
    expect(other.statusCode).toBe(409);
    const [done] = await t.db.select().from(refunds);
    expect(done!.paymentRef).not.toBe('');
    expect(await sold()).toBe(3);
    // Each charge went to the provider under one key only, however many attempts there were.
    const keysByRef = new Map<string, Set<string>>();
    for (const c of calls) keysByRef.set(c.ref, (keysByRef.get(c.ref) ?? new Set()).add(c.key));
    expect([...keysByRef.values()].map((k) => k.size)).toEqual([1, 1]);
    t.app.payments.refund = real;
  });

  it('settles a refund once, returning the stock once, whoever else reaches it', async () => {
    const [x] = (await t.db.select().from(tickets).where(eq(tickets.status, 'valid'))).sort((a, b) => a.id - b.id);
    const before = await sold();
    const ok = await refund([x!.id]);
    expect(ok.statusCode).toBe(200);
    const deps = { db: t.db, payments: t.app.payments };
    await settleRefund(deps, org.partnerId, ok.json().data.refund_id);
    expect(await sold()).toBe(before - 1);
  });

  it('refuses a ticket its holder bought on resale', async () => {
    const [x] = (await t.db.select().from(tickets).where(eq(tickets.status, 'valid'))).sort((a, b) => a.id - b.id);
    const seller = await holderSession(t.app, t.db, 'other@fans.test');
    const listing = await t.app.inject({
      method: 'POST',
      url: `/api/holder/tickets/${x!.id}/resale`,
      payload: { price: 50 },
      headers: bearer(seller),
    });
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/public/partners/${org.partnerId}/resales/${listing.json().data.resale_id}/buy`,
      payload: { buyer: { email: 'second@fans.test', full_name: 'Second Hand' }, payment_method: '4242424242424242' },
    });
    expect(bought.statusCode).toBe(200);
    const res = await refund([x!.id]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      `Ticket ${x!.id} was bought on resale and cannot be refunded by the partner.`,
    );
  });
});
