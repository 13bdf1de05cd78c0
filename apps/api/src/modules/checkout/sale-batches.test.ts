import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent } from '../../../test/seeders.ts';
import { suiteApp, suiteOrganisation } from '../../../test/suite.ts';
import { queryRows } from '../../db/client.ts';
import { eventDays, orders, ticketTypes, users } from '../../db/schema/index.ts';
import type { RecordedSale } from './record-sale.ts';
import { Superseded, type Basket, type SaleOptions } from './record-sale.ts';
import { createSaleBatches, type PendingSale } from './sale-batches.ts';

describe('sales written in batches', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t);

  /** An event of one day for `dayQuantity` tickets, with two types of `amount` each. */
  async function onSale(amount: number, dayQuantity = 0) {
    const made = await createEvent(t.db, org.partnerId, {
      days: [{ start: '2027-06-01T19:00:00Z', end: '2027-06-01T22:00:00Z' }],
      types: [
        { name: 'Stalls', priceCents: 3000, amount },
        { name: 'Balcony', priceCents: 2000, amount },
      ],
    });
    await t.db.update(eventDays).set({ quantity: dayQuantity }).where(eq(eventDays.id, made.days[0]!.id));
    return made;
  }

  type OnSale = Awaited<ReturnType<typeof onSale>>;
  /** A new buyer's basket of one ticket of each type named. */
  const basket = ({ event, days, types }: OnSale, name: string, typeIndexes: number[]): Basket => ({
    partnerId: org.partnerId,
    eventId: event.id,
    eventDayId: days[0]!.id,
    buyer: { email: `${name}-${event.id}@fans.test`, full_name: name },
    paymentRef: `pay_${name}`,
    lines: typeIndexes.map((i) => ({
      ticketTypeId: types[i]!.id,
      name: types[i]!.name,
      quantity: 1,
      unitPriceCents: types[i]!.initialPriceCents,
    })),
  });
  const pending = (b: Basket, options: SaleOptions = {}, joining = () => {}): PendingSale => ({
    basket: b,
    options,
    joining,
  });
  /** What each promise came to: the sale's ticket count, or the error's name and message. */
  const outcomes = (sales: Promise<{ tickets: unknown[] }>[]) =>
    Promise.all(
      sales.map((s) =>
        s.then(
          (sale) => sale.tickets.length,
          (err: Error) => `${err.constructor.name}: ${err.message}`,
        ),
      ),
    );
  const countersAgree = async ({ event }: OnSale) => {
    const [row] = await queryRows<{ sold: number; tickets: number; day: number }>(
      t.db,
      sql`select (select sum(sold)::int from ticket_types where event_id = ${event.id}) as sold,
        (select count(*)::int from tickets where event_id = ${event.id}) as tickets,
        (select sum(sold)::int from event_days where event_id = ${event.id}) as day`,
    );
    expect(row!.sold).toBe(row!.tickets);
    expect(row!.day).toBe(row!.tickets);
    return row!.tickets;
  };

  it('sells the baskets of one moment together, in arrival order, and a refused one writes nothing', async () => {
    const s = await onSale(2);
    const sell = createSaleBatches(t.db);
    const sales = [
      sell(s.event.id, pending(basket(s, 'ann', [0, 1]))),
      sell(s.event.id, pending(basket(s, 'bob', [1, 0]))),
      sell(s.event.id, pending(basket(s, 'cat', [0]))),
      sell(s.event.id, pending(basket(s, 'dan', [1]))),
    ];
    expect(await outcomes(sales)).toEqual([
      2,
      2,
      'HttpError: Not enough tickets of this type are left.',
      'HttpError: Not enough tickets of this type are left.',
    ]);
    expect(await countersAgree(s)).toBe(4);
    const ann = await sales[0]!;
    expect(ann.tickets.map((ticket) => ticket.ticket_type).sort()).toEqual(['Balcony', 'Stalls']);
    expect(ann.total).toBe(50);
    // The refused buyers were never written, not even as users.
    const refused = await t.db
      .select()
      .from(users)
      .where(inArray(users.email, [`cat-${s.event.id}@fans.test`, `dan-${s.event.id}@fans.test`]));
    expect(refused).toEqual([]);
    const [stalls] = await t.db.select().from(ticketTypes).where(eq(ticketTypes.id, s.types[0]!.id));
    expect(stalls).toMatchObject({ sold: 2, ticketsSold: 2, soldCents: 6000 });
  });

  it('refuses a basket the day has no room for, and sells the smaller one after it', async () => {
    const s = await onSale(10, 3);
    const sell = createSaleBatches(t.db);
    const sales = [
      sell(s.event.id, pending(basket(s, 'eve', [0, 1]))),
      sell(s.event.id, pending(basket(s, 'fay', [0, 1]))),
      sell(s.event.id, pending(basket(s, 'gus', [1]))),
    ];
    expect(await outcomes(sales)).toEqual([2, 'HttpError: Not enough tickets are left for this day or time slot.', 1]);
    expect(await countersAgree(s)).toBe(3);
  });

  it('refuses a basket whose ticket type was deleted while its buyer paid, and sells the others', async () => {
    const s = await onSale(10);
    await t.db.delete(ticketTypes).where(eq(ticketTypes.id, s.types[1]!.id));
    const sell = createSaleBatches(t.db);
    const sales = [
      sell(s.event.id, pending(basket(s, 'quin', [0]))),
      sell(s.event.id, pending(basket(s, 'rae', [1]))),
      sell(s.event.id, pending(basket(s, 'sol', [0]))),
    ];
    expect(await outcomes(sales)).toEqual([1, 'HttpError: Not enough tickets of this type are left.', 1]);
    expect(await countersAgree(s)).toBe(2);
  });

  it('answers a sale whose purchase key was taken over as superseded, and sells the others', async () => {
    const s = await onSale(10);
    const [attempt] = await queryRows<{ id: number; claimed_at: string }>(
      t.db,
      sql`insert into checkout_attempts (partner_id, idempotency_key, request_hash)
        values (${org.partnerId}, ${`batch-${s.event.id}`}, 'h') returning id, claimed_at::text`,
    );
    const sell = createSaleBatches(t.db);
    const stale = { id: attempt!.id, claimedAt: '2020-01-01 00:00:00+00' };
    const sales = [
      sell(s.event.id, pending(basket(s, 'hal', [0]), { attempt: stale })),
      sell(
        s.event.id,
        pending(basket(s, 'ivy', [0]), { attempt: { id: attempt!.id, claimedAt: attempt!.claimed_at } }),
      ),
    ];
    expect(await sales[0]!.catch((err: unknown) => err)).toBeInstanceOf(Superseded);
    expect((await sales[1]!).tickets).toHaveLength(1);
    const [kept] = await queryRows<{ status: number }>(
      t.db,
      sql`select (answer->>'status')::int as status from checkout_attempts where id = ${attempt!.id}`,
    );
    expect(kept!.status).toBe(200);
    expect(await countersAgree(s)).toBe(1);
  });

  it('lets a buyer who left while waiting go at once, writing nothing of theirs', async () => {
    const s = await onSale(10);
    const sell = createSaleBatches(t.db);
    const gone = new AbortController();
    const leave = () => {
      if (gone.signal.aborted) throw new Error('gone');
    };
    const first = sell(s.event.id, pending(basket(s, 'jon', [0])));
    // Arriving while the first batch is written, so it waits for the next one.
    await new Promise((r) => setImmediate(r));
    const left = sell(s.event.id, pending(basket(s, 'kim', [0]), {}, leave), gone.signal);
    const after = sell(s.event.id, pending(basket(s, 'lea', [1])));
    gone.abort();
    expect(await left.catch((err: Error) => err.message)).toBe('gone');
    expect(await outcomes([first, after])).toEqual([1, 1]);
    const kims = await t.db
      .select()
      .from(orders)
      .innerJoin(users, eq(users.id, orders.buyerId))
      .where(eq(users.email, `kim-${s.event.id}@fans.test`));
    expect(kims).toEqual([]);
    expect(await countersAgree(s)).toBe(2);
  });
  it('writes a batch that fits whole set-wise, as the baskets one by one would be written', async () => {
    // The same baskets on two events: on the first they all fit, and go in together; on the second
    // one more basket than the stock holds sends the batch basket by basket.
    const together = await onSale(3);
    const oneByOne = await onSale(3);
    const mix = [
      ['mo', [0, 1]],
      ['ned', [1]],
      ['mo', [0]],
      ['ola', [1, 0]],
    ] as const;
    const [attempt] = await queryRows<{ id: number; claimed_at: string }>(
      t.db,
      sql`insert into checkout_attempts (partner_id, idempotency_key, request_hash)
        values (${org.partnerId}, ${`together-${together.event.id}`}, 'h') returning id, claimed_at::text`,
    );
    const sellAll = (s: OnSale, extra: boolean, key: { id: number; claimedAt: string } | null) => {
      const sell = createSaleBatches(t.db);
      const baskets = mix.map(([name, types]) => basket(s, name, [...types]));
      if (extra) baskets.push(basket(s, 'pat', [0, 1]));
      return Promise.all(
        baskets.map((b, i) =>
          sell(s.event.id, pending(b, { mail: { eventName: 'Gala' }, attempt: i === 3 ? key : null })).catch(
            (err: Error) => err,
          ),
        ),
      );
    };
    const [a, b] = [
      await sellAll(together, false, { id: attempt!.id, claimedAt: attempt!.claimed_at }),
      await sellAll(oneByOne, true, null),
    ];
    expect(b[4]).toBeInstanceOf(Error);
    // What a buyer is told, without the ids and codes each sale draws.
    const told = (sale: RecordedSale | Error) => {
      if (sale instanceof Error) return sale.message;
      return {
        orders: sale.order_ids.length,
        total: sale.total,
        tickets: sale.tickets.map(({ ticket_type, price, seat }) => ({ ticket_type, price, seat })),
      };
    };
    expect(a.map(told)).toEqual(b.slice(0, 4).map(told));
    expect((a[0] as RecordedSale).buyer_id).toBe((a[2] as RecordedSale).buyer_id);
    // The rows written, by buyer's name rather than id.
    const written = (s: OnSale) =>
      queryRows(
        t.db,
        sql`select u.full_name, tt.name, o.quantity, o.unit_price_cents, o.total_cents, o.transaction_type,
              o.payment_ref, (select count(*)::int from tickets k where k.order_id = o.id and k.owner_id = u.id
                and k.price_paid_cents = o.unit_price_cents and k.ticket_type_id = o.ticket_type_id) as tickets,
              exists (select 1 from partner_fans f where f.partner_id = o.partner_id and f.user_id = u.id
                and f.email = u.email) as fan
            from orders o join users u on u.id = o.buyer_id join ticket_types tt on tt.id = o.ticket_type_id
            where o.event_id = ${s.event.id} order by 1, 2, 5`,
      );
    expect(await written(together)).toEqual(await written(oneByOne));
    const counters = (s: OnSale) =>
      queryRows(
        t.db,
        sql`select tt.name, tt.sold, tt.tickets_sold, tt.tickets_comps, tt.sold_cents, d.sold as day_sold,
              s.day, s.sold as on_day, s.sold_cents as on_day_cents
            from ticket_types tt join event_days d on d.event_id = tt.event_id
            join ticket_type_sales_days s on s.ticket_type_id = tt.id
            where tt.event_id = ${s.event.id} order by 1`,
      );
    expect(await counters(together)).toEqual(await counters(oneByOne));
    expect(await countersAgree(together)).toBe(6);
    // Each sale's mail names its own tickets, as its answer does.
    const mails = (s: OnSale) =>
      queryRows<{ recipient: string; payload: { event_name: string; tickets: { ID: number }[] } }>(
        t.db,
        sql`select recipient, payload from mail_queue where recipient like ${`%-${s.event.id}@fans.test`} order by id`,
      );
    const sent = await mails(together);
    expect(sent.map((m) => m.recipient.split('-')[0])).toEqual(['mo', 'ned', 'mo', 'ola']);
    expect(sent.map((m) => m.payload.tickets.map((k) => k.ID))).toEqual(
      a.map((sale) => (sale as RecordedSale).tickets.map((k) => k.ID)),
    );
    expect(sent.map((m) => m.payload.event_name)).toEqual(['Gala', 'Gala', 'Gala', 'Gala']);
    expect((await mails(oneByOne)).map((m) => m.payload.tickets.length)).toEqual(
      sent.map((m) => m.payload.tickets.length),
    );
    // The purchase key keeps the sale's answer for a retry.
    const [kept] = await queryRows<{ answer: { status: number; data: unknown } }>(
      t.db,
      sql`select answer from checkout_attempts where id = ${attempt!.id}`,
    );
    const { buyer_id: _buyer, ...answer } = a[3] as RecordedSale;
    expect(kept!.answer).toEqual({ status: 200, data: answer });
  });
});
