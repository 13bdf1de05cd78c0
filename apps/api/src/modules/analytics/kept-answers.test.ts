import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EventAnalytics } from '@portal/contract';
import { bearer, buyTickets, createUser, signedInOrganisation } from '../../../test/seeders.ts';
import { suiteOnSale } from '../../../test/suite.ts';
import { templates, ticketTypes } from '../../db/schema/index.ts';
import { ok } from '../../lib/reply.ts';
import { recordSale } from '../checkout/index.ts';
import { eventAnalytics, eventAnalyticsAnswer } from './event-analytics.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * An event's analytics are kept, written and compressed, while their stamp holds. Each change that
 * moves a figure must be seen by the next request: a sale, a refund, a check-in, a new time zone, an
 * edit of a ticket type, of the event or of its days, and the clock (a new local day, a type's
 * on-sale time, the event's end).
 */
describe('the kept answer of an event’s analytics', () => {
  const { t, org, sale } = suiteOnSale([
    { name: 'GA', priceCents: 4000, amount: 500 },
    { name: 'VIP', priceCents: 10000, amount: 500 },
  ]);

  const write = (answer: EventAnalytics) => JSON.stringify(ok(answer));
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { ...bearer(org.token), ...headers } });
  const analyticsUrl = (fullInfo: boolean) => `/api/events/${sale.eventId}/analytics?full_info=${fullInfo}`;

  /**
   * The answer as kept (asked twice at one moment, the same body) is the answer built afresh from the
   * rows at that moment, with and without full_info; answers the full one. Asked for now, the route
   * serves it too.
   */
  async function servedFresh(step: string, at?: Date): Promise<EventAnalytics> {
    const now = at ?? new Date();
    let full: EventAnalytics | undefined;
    for (const fullInfo of [false, true]) {
      const served = await eventAnalyticsAnswer(t.db, org.partnerId, sale.eventId, fullInfo, write, now);
      expect(await eventAnalyticsAnswer(t.db, org.partnerId, sale.eventId, fullInfo, write, now)).toBe(served);
      const built = await eventAnalytics(t.db, org.partnerId, sale.eventId, fullInfo, now);
      full = JSON.parse(served.body).data;
      expect(full, `after ${step}, full_info=${fullInfo}`).toEqual(built.answer);
    }
    if (!at) {
      const res = await call('GET', analyticsUrl(true));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data, `after ${step}, through the route`).toEqual(full);
    }
    return full!;
  }

  it('changes with a sale, a refund and a check-in', async () => {
    const before = await servedFresh('nothing sold');
    expect(before.tickets_sold).toBe(0);

    const bought = await buyTickets(t.app, sale, { email: 'kim@kept.test', full_name: 'Kim' }, [
      { ticket_type_id: sale.typeId, quantity: 3 },
    ]);
    expect(bought.statusCode, bought.body).toBe(200);
    const tickets = bought.json().data.tickets as { ID: number; code: string }[];
    const sold = await servedFresh('a sale');
    expect(sold).toMatchObject({ tickets_sold: 3, sales: { sales_today: 3 } });
    expect(sold.sales.sales_by_day).toHaveLength(1);

    const refunded = await call('POST', '/api/financial/refund', {
      ticket_ids: [tickets[0]!.ID],
      amount: 40,
      description: 'kept answers',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await servedFresh('a refund')).toMatchObject({ tickets_sold: 2, sales: { sales_today: 2 } });

    const admitted = await call('POST', `/api/events/${sale.eventId}/check-in`, {
      code: tickets[1]!.code,
      event_day_id: sale.dayId,
    });
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect((await servedFresh('a check-in')).attendance.total_attendance).toBe(1);
  });

  it('changes with the event’s time zone, name and days, and with an edit of a ticket type', async () => {
    // A sale at 02:00 UTC three days ago: the evening before on the US west coast.
    const buyer = await createUser(t.db);
    const morning = new Date(Math.floor(Date.now() / DAY) * DAY - 3 * DAY + 2 * HOUR);
    await t.db.transaction((tx) =>
      recordSale(tx, {
        partnerId: org.partnerId,
        eventId: sale.eventId,
        eventDayId: sale.dayId,
        ticketTypeId: sale.typeId,
        buyerId: buyer.id,
        quantity: 1,
        unitPriceCents: 4000,
        createdAt: morning,
      }),
    );
    const utc = await servedFresh('a sale days ago');
    expect(utc.sales.sales_by_day!.map((d) => d.date)).toContain(morning.toISOString().slice(0, 10));

    const moved = await call('PUT', `/api/events/${sale.eventId}`, { time_zone: 'America/Los_Angeles' });
    expect(moved.statusCode, moved.body).toBe(200);
    const west = await servedFresh('a new time zone');
    expect(west.time_zone).toBe('America/Los_Angeles');
    expect(west.sales.sales_by_day!.map((d) => d.date)).toContain(
      new Date(morning.getTime() - DAY).toISOString().slice(0, 10),
    );

    const renamed = await call('PUT', `/api/events/${sale.eventId}`, { name: 'Kept Night' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await servedFresh('a new name')).name).toBe('Kept Night');

    const later = '2027-07-01T19:00:00.000Z';
    const day = await call('PUT', `/api/events/days/${sale.dayId}`, {
      start_date: later,
      end_date: '2027-07-01T22:00:00.000Z',
    });
    expect(day.statusCode, day.body).toBe(200);
    expect((await servedFresh('a moved day')).start_date).toBe(later);
    const earlier = '2027-07-01T18:00:00.000Z';
    const start = await call('PUT', `/api/events/days/${sale.dayId}`, { start_date: earlier });
    expect(start.statusCode, start.body).toBe(200);
    expect((await servedFresh('an earlier start')).start_date).toBe(earlier);

    const [design] = await t.db.insert(templates).values({ partnerId: org.partnerId, image: 'kept.png' }).returning();
    const edited = await call('PUT', `/api/ticket_types/${sale.typeId}`, {
      name: 'General',
      initial_price: 45,
      amount: 600,
      template_id: design!.id,
      event_id: sale.eventId,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const type = (await servedFresh('an edited ticket type')).inventory.by_ticket_type!.find(
      (x) => x.ID === sale.typeId,
    );
    expect(type).toMatchObject({ name: 'General', price: 45, amount: 600 });
  });

  it('changes with the clock: a new local day, a type going on sale, the event’s end', async () => {
    const now = new Date();
    const today = await servedFresh('nothing', now);
    const tomorrow = await servedFresh('a new local day', new Date(now.getTime() + DAY));
    expect(tomorrow.sales.days_left).toBe(today.sales.days_left - 1);
    expect(tomorrow.sales.sales_today).toBe(0);

    // Every type on sale from an hour from now: not on sale before it, on sale after it.
    const opens = new Date(now.getTime() + HOUR);
    await t.db.update(ticketTypes).set({ sellingTime: opens }).where(eq(ticketTypes.eventId, sale.eventId));
    expect((await servedFresh('an on-sale time to come', now)).onSale).toBe(false);
    expect((await servedFresh('the on-sale time', new Date(opens.getTime() + 60_000))).onSale).toBe(true);

    // The event's day (moved above) ends at 22:00 UTC: on sale a second before, not a second after.
    expect((await servedFresh('the last second', new Date('2027-07-01T21:59:59.000Z'))).onSale).toBe(true);
    expect((await servedFresh('the end of the event', new Date('2027-07-01T22:00:01.000Z'))).onSale).toBe(false);
  });

  it('is never given to another partner', async () => {
    await servedFresh('a read by the owner');
    const other = await signedInOrganisation(t.app, t.db);
    const res = await t.app.inject({ method: 'GET', url: analyticsUrl(true), headers: bearer(other.token) });
    expect(res.statusCode).toBe(404);
    await expect(eventAnalyticsAnswer(t.db, other.partnerId, sale.eventId, true, write)).rejects.toThrow();
  });

  it('is compressed as the client asks, to the same answer', async () => {
    // A year of selling days makes an answer worth compressing.
    const buyer = await createUser(t.db);
    await t.db.transaction(async (tx) => {
      for (let k = 10; k < 375; k++)
        await recordSale(tx, {
          partnerId: org.partnerId,
          eventId: sale.eventId,
          eventDayId: sale.dayId,
          ticketTypeId: sale.types[1]!.id,
          buyerId: buyer.id,
          quantity: 1,
          unitPriceCents: 0,
          createdAt: new Date(Date.now() - k * DAY),
        });
    });
    const plain = await call('GET', analyticsUrl(true));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(8 * 1024);
    for (const [encoding, decode] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await call('GET', analyticsUrl(true), undefined, { 'accept-encoding': encoding });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(decode(res.rawPayload).toString()).toBe(plain.body);
      }
    }
  });
});
