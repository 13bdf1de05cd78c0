import { and, eq, inArray } from 'drizzle-orm';
import type { CheckoutResult, OrderList } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { notHeld, suiteSeatedCheckout } from '../../../test/fixtures/seated-checkout.ts';
import { bearer, buyTickets } from '../../../test/seeders.ts';
import { orders, tickets } from '../../db/schema/index.ts';

describe('a seated checkout refused or refunded', () => {
  const { t, hall, typeIds, paid, seat, hold, buy, expire, dayRows, ordersOf, taken, unseatedEvent } =
    suiteSeatedCheckout();

  it('refuses before any charge: no hold, a basket that is not the hold, a hold gone, or seats where none are sold', async () => {
    const { stalls, box } = typeIds;
    const c1 = seat('Stalls', 'C', '1');
    const c2 = seat('Stalls', 'C', '2');
    const held = await hold([c1, c2]);

    const noHold = await buy([[stalls, 2]]);
    expect(noHold.statusCode).toBe(422);
    expect(noHold.json().error.message).toBe('Choose your seats first.');

    for (const items of [
      [[stalls, 1]],
      [[stalls, 3]],
      [
        [stalls, 1],
        [box, 1],
      ],
    ] as [number, number][][]) {
      const wrong = await buy(items, { seat_hold: held.hold });
      expect(wrong.statusCode, JSON.stringify(items)).toBe(422);
      expect(wrong.json().error.message).toBe('Choose one ticket for each seat you hold: 2 seats in Standard.');
    }

    const unknown = await buy([[stalls, 2]], { seat_hold: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error.message).toBe(notHeld);

    const plain = await unseatedEvent();
    const unseated = await buyTickets(
      t.app,
      plain,
      { email: 'seated@fans.test', full_name: 'Seated Fan' },
      [{ ticket_type_id: plain.typeId, quantity: 2 }],
      { seat_hold: held.hold },
    );
    expect(unseated.statusCode).toBe(422);
    expect(unseated.json().error.message).toBe(
      'This event is not sold by seat: buy its tickets without choosing seats.',
    );

    // Run out, and one of its seats held by another buyer since: the hold is gone.
    await expire(held.hold);
    await hold([c2]);
    const takenOver = await buy([[stalls, 2]], { seat_hold: held.hold });
    expect(takenOver.statusCode).toBe(409);
    expect(takenOver.json().error.message).toBe(notHeld);

    expect(paid.charges).toBe(0);
    expect(await ordersOf('seated@fans.test')).toEqual([]);
  });

  it('gives the money back when the seats are taken over while the buyer pays, and writes nothing', async () => {
    const c7 = seat('Stalls', 'C', '7');
    const c8 = seat('Stalls', 'C', '8');
    const held = await hold([c7, c8]);
    const charge = t.app.payments.charge;
    // The buyer's time runs out while the card is charged, and another buyer holds one of the seats.
    t.app.payments.charge = async (input) => {
      await expire(held.hold);
      await hold([c8]);
      return charge(input);
    };
    try {
      const res = await buy([[typeIds.stalls, 2]], { seat_hold: held.hold }, 'slow@fans.test');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(notHeld);
    } finally {
      t.app.payments.charge = charge;
    }
    expect(paid.charges).toBe(1);
    expect(paid.refunds).toEqual([{ ref: expect.stringMatching(/^ch_test_/), cents: 6000 }]);
    expect(await ordersOf('slow@fans.test')).toEqual([]);
    const rows = await dayRows([c7, c8]);
    expect(rows.map((r) => [r.seatId, r.state, r.holdToken === held.hold])).toEqual([
      [c7, 'reserved', true],
      [c8, 'reserved', false],
    ]);
    expect(
      await t.db
        .select()
        .from(tickets)
        .where(inArray(tickets.seatId, [c7, c8])),
    ).toEqual([]);
  });

  it('shows the seats in the orders and the Bookings CSV, and puts a refunded seat back on sale', async () => {
    const b7 = seat('Stalls', 'B', '7');
    const b8 = seat('Stalls', 'B', '8');
    const held = await hold([b7, b8]);
    const sale = (await buy([[typeIds.stalls, 2]], { seat_hold: held.hold }, 'refund@fans.test')).json()
      .data as CheckoutResult;

    const listed = (
      await t.app.inject({
        url: '/api/orders?date=all_time&search=refund@fans.test',
        headers: bearer(hall.org.token),
      })
    ).json().data as OrderList;
    expect(listed.data[0]!.seats).toEqual([
      { section: 'Stalls', row: 'B', label: '7' },
      { section: 'Stalls', row: 'B', label: '8' },
    ]);
    const csv = await t.app.inject({
      url: `/api/analytics/slot_quantity/${hall.partnerId}?search=refund@fans.test`,
      headers: bearer(hall.org.token),
    });
    const [header, line] = csv.body.trimEnd().split('\r\n');
    expect(header!.endsWith(',Promo code,Seats')).toBe(true);
    expect(line!.endsWith(',refund@fans.test,,"Stalls, row B, seat 7; Stalls, row B, seat 8"')).toBe(true);

    const refunded = await t.app.inject({
      method: 'POST',
      url: '/api/financial/refund',
      headers: bearer(hall.org.token),
      payload: { ticket_ids: [sale.tickets[1]!.ID], amount: 30 },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await dayRows([b7, b8])).map((r) => [r.seatId, r.state])).toEqual([[b7, 'sold']]);
    expect(await taken()).not.toContain(b8);
    // The refunded ticket keeps its seat as history; the seat sells again.
    const [kept] = await t.db.select().from(tickets).where(eq(tickets.id, sale.tickets[1]!.ID));
    expect(kept).toMatchObject({ status: 'refunded', seatId: b8 });
    const again = await buy([[typeIds.stalls, 1]], { seat_hold: (await hold([b8])).hold }, 'next@fans.test');
    expect(again.statusCode, again.body).toBe(200);
    expect((await dayRows([b8]))[0]).toMatchObject({ state: 'sold', ticketId: again.json().data.tickets[0].ID });
    const [split] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(tickets, eq(tickets.orderId, orders.id))
      .where(and(eq(tickets.id, sale.tickets[1]!.ID), eq(orders.transactionType, 'refunded')));
    expect(split).toBeDefined();
  });
});
