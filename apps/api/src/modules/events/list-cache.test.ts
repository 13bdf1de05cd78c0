import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsResponseSchema } from '@portal/contract';
import { buildTestApp } from '../../../test/helper.ts';
import { bearer, buyTickets, createEventOnSale, createPartnerWithAdmin, signIn } from '../../../test/seeders.ts';
import { listEventsJson } from './list.ts';

/**
 * The event list is answered from memory while its stamp holds. After every kind of change its
 * answer must equal the list built afresh from the rows, in each encoding a browser may ask for.
 */
describe('the kept event list', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let partnerId: number;
  let staff: string;
  let show: Awaited<ReturnType<typeof createEventOnSale>>;
  let second: Awaited<ReturnType<typeof createEventOnSale>>;

  beforeAll(async () => {
    t = await buildTestApp();
    const org = await createPartnerWithAdmin(t.db);
    partnerId = org.partner.id;
    staff = await signIn(t.app, org.admin.email, partnerId);
    // Enough events that the answer is compressed.
    for (let i = 0; i < 30; i++) {
      await createEventOnSale(t.db, partnerId, [{ name: `Seat ${i}`, priceCents: 1000 + i, amount: 50 }], {
        name: `Filler night ${i} with a long enough name to fill the list`,
      });
    }
    show = await createEventOnSale(t.db, partnerId, [{ name: 'Stalls', priceCents: 2500, amount: 100 }], {
      name: 'Kept Gala',
    });
    second = await createEventOnSale(t.db, partnerId, [{ name: 'Balcony', priceCents: 1500, amount: 100 }], {
      name: 'Kept Matinee',
    });
  });
  afterAll(() => t.close());

  const answers = async () => {
    const decoded: unknown[] = [];
    for (const [encoding, decode] of [
      ['identity', (b: Buffer) => b],
      ['gzip', gunzipSync],
      ['br, gzip', brotliDecompressSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/events?partner_id=${partnerId}&ordered=true`,
        headers: { ...bearer(staff), 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'] ?? 'identity').toBe(encoding.split(',')[0]);
      decoded.push(JSON.parse(decode(res.rawPayload).toString()).data);
    }
    return decoded;
  };
  async function expectFresh(step: string) {
    const fresh = JSON.parse((await listEventsJson(t.db, partnerId, true)).json);
    eventsResponseSchema.parse(fresh);
    for (const answer of await answers()) expect(answer, `after ${step}`).toEqual(fresh);
    // Asked again, from memory: still the same.
    for (const answer of await answers()) expect(answer, `after ${step}, asked again`).toEqual(fresh);
  }

  it('answers what the rows say after every kind of change', async () => {
    await expectFresh('nothing changed');
    const sale = { partnerId, eventId: show.event.id, dayId: show.days[0]!.id };
    expect(
      (
        await buyTickets(t.app, sale, { email: 'kept@fans.test', full_name: 'Kept Fan' }, [
          { ticket_type_id: show.types[0]!.id, quantity: 2 },
        ])
      ).statusCode,
    ).toBe(200);
    await expectFresh('a sale');
    // A sale on one day and a refund on another: the total sold is unchanged, the days are not.
    await t.db.execute(sql`update event_days set sold = sold + 1 where id = ${second.days[0]!.id}`);
    await t.db.execute(sql`update event_days set sold = sold - 1 where id = ${show.days[0]!.id}`);
    await expectFresh('a sale and a refund on different days');
    await t.db.execute(sql`update ticket_types set name = 'Front Stalls' where id = ${show.types[0]!.id}`);
    await expectFresh('a ticket type renamed');
    await t.db.execute(sql`update ticket_types set initial_price_cents = 9900 where id = ${second.types[0]!.id}`);
    await expectFresh('a price changed');
    await t.db.execute(
      sql`update event_days set start_date = start_date + interval '40 days', end_date = end_date + interval '40 days' where id = ${second.days[0]!.id}`,
    );
    await expectFresh('a day moved to another month');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${show.event.id}`,
      headers: bearer(staff),
      payload: { name: 'Kept Gala, renamed', time_zone: 'Asia/Tokyo' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expectFresh('an event renamed and moved to another time zone');
    await createEventOnSale(t.db, partnerId, [{ name: 'Late', priceCents: 500, amount: 5 }], {
      name: 'Kept Late Show',
    });
    await expectFresh('an event added');
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${second.event.id}`,
      headers: bearer(staff),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await expectFresh('an event deleted');
  });
});
