import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BillingRow, PartnerAnalytics } from '@portal/contract';
import { bearer, buyTickets, createEventOnSale } from '../../../test/seeders.ts';
import { suiteOnSale } from '../../../test/suite.ts';
import { partners, ticketTypes } from '../../db/schema/index.ts';
import { ok } from '../../lib/reply.ts';
import { billingAnswer, billingHistory, partnerAnalytics, partnerAnalyticsAnswer } from './partner-analytics.ts';

const HOUR = 3_600_000;

/**
 * The overall analytics and the billing history are kept, written and compressed, while the stamp of
 * the partner's figures holds and until the clock changes a card. Each change that moves a figure must
 * be seen by the next request: a sale, a refund, a new event, an edit of an event, of its days or of a
 * ticket type, the partner's fee, and the clock (a type going on sale, an event's end).
 */
describe('the kept overall analytics and billing history', () => {
  const { t, org, sale } = suiteOnSale([
    { name: 'GA', priceCents: 4000, amount: 500 },
    { name: 'VIP', priceCents: 10000, amount: 500 },
  ]);

  const write = (answer: unknown) => JSON.stringify(ok(answer));
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(org.token) });
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: bearer(org.token) });

  /**
   * Both answers as kept (asked twice at one moment, the same body) are the answers built afresh from
   * the rows at that moment; asked for now, the routes serve them too.
   */
  async function servedFresh(step: string, at?: Date): Promise<{ overall: PartnerAnalytics; billing: BillingRow[] }> {
    const now = at ?? new Date();
    const overall = await partnerAnalyticsAnswer(t.db, org.partnerId, write, now);
    expect(await partnerAnalyticsAnswer(t.db, org.partnerId, write, now)).toBe(overall);
    const billing = await billingAnswer(t.db, org.partnerId, write, now);
    expect(await billingAnswer(t.db, org.partnerId, write, now)).toBe(billing);
    const served = { overall: JSON.parse(overall.body).data, billing: JSON.parse(billing.body).data };
    expect(served.overall, `overall, after ${step}`).toEqual(await partnerAnalytics(t.db, org.partnerId, now));
    expect(served.billing, `billing, after ${step}`).toEqual(await billingHistory(t.db, org.partnerId, now));
    if (!at) {
      const routes = [
        await get(`/api/events/analytics/${org.partnerId}`),
        await get(`/api/analytics/billing/${org.partnerId}`),
      ];
      for (const res of routes) expect(res.statusCode, res.body).toBe(200);
      expect(routes[0]!.json().data, `overall through the route, after ${step}`).toEqual(served.overall);
      expect(routes[1]!.json().data, `billing through the route, after ${step}`).toEqual(served.billing);
    }
    return served;
  }

  it('changes with a sale, a refund and the partner’s fee', async () => {
    expect((await servedFresh('nothing sold')).overall.gross_tickets_sold).toBe(0);

    const bought = await buyTickets(t.app, sale, { email: 'kai@kept.test', full_name: 'Kai' }, [
      { ticket_type_id: sale.typeId, quantity: 3 },
    ]);
    expect(bought.statusCode, bought.body).toBe(200);
    const sold = await servedFresh('a sale');
    expect(sold.overall).toMatchObject({ gross_tickets_sold: 3, gross_revenue: 120 });
    expect(sold.billing).toHaveLength(1);

    const ticket = (bought.json().data.tickets as { ID: number }[])[0]!;
    const refunded = await call('POST', '/api/financial/refund', {
      ticket_ids: [ticket.ID],
      amount: 40,
      description: 'kept answers',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await servedFresh('a refund')).overall.gross_tickets_sold).toBe(2);

    await t.db.update(partners).set({ platformFee: 0.1 }).where(eq(partners.id, org.partnerId));
    expect((await servedFresh('a new fee')).billing[0]!.provider_percentage).toBe(0.1);
  });

  it('changes with a new event and with edits of an event, its days and its ticket types', async () => {
    await servedFresh('before a new event');
    await createEventOnSale(t.db, org.partnerId, [{ name: 'Door', priceCents: 2000, amount: 50 }], {
      name: 'Second Night',
      start: '2027-08-01T19:00:00Z',
    });
    expect((await servedFresh('a new event')).overall.total_events).toBe(2);

    const renamed = await call('PUT', `/api/events/${sale.eventId}`, { name: 'Kept Night' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const named = await servedFresh('a new name');
    expect(named.overall.ordered_by_sells.map((e) => e.name)).toContain('Kept Night');

    const later = '2027-07-01T19:00:00.000Z';
    const moved = await call('PUT', `/api/events/days/${sale.dayId}`, {
      start_date: later,
      end_date: '2027-07-01T22:00:00.000Z',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cards = (await servedFresh('a moved day')).overall.event_analytics.flatMap((p) => p.events);
    expect(cards.find((c) => c.ID === sale.eventId)?.start_date).toBe(later);

    await t.db.update(ticketTypes).set({ amount: 800 }).where(eq(ticketTypes.id, sale.typeId));
    const open = (await servedFresh('a larger ticket type')).overall.event_analytics
      .flatMap((p) => p.events)
      .find((c) => c.ID === sale.eventId);
    expect(open?.tickets_open).toBe(800 - 2 + 500);
  });

  it('changes with the clock: a type going on sale, the event’s end', async () => {
    const now = new Date();
    const onSale = (answer: PartnerAnalytics) =>
      answer.event_analytics.flatMap((p) => p.events).find((c) => c.ID === sale.eventId)?.onSale;
    expect(onSale((await servedFresh('on sale', now)).overall)).toBe(true);

    // Every type on sale from an hour from now: not on sale before it, on sale after it.
    const opens = new Date(now.getTime() + HOUR);
    await t.db.update(ticketTypes).set({ sellingTime: opens }).where(eq(ticketTypes.eventId, sale.eventId));
    expect(onSale((await servedFresh('an on-sale time to come', now)).overall)).toBe(false);
    expect(onSale((await servedFresh('the on-sale time', new Date(opens.getTime() + 60_000))).overall)).toBe(true);

    // The event's day (moved above) ends at 22:00 UTC: on sale a second before, not a second after.
    expect(onSale((await servedFresh('the last second', new Date('2027-07-01T21:59:59.000Z'))).overall)).toBe(true);
    expect(onSale((await servedFresh('the end', new Date('2027-07-01T22:00:01.000Z'))).overall)).toBe(false);
  });
});
