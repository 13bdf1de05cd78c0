import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CheckoutResult, DaySeats, OrderList, PublicEvent, SeatMap } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { holdOf, seatedEvent, seatIdOf } from '../../../test/fixtures/seating.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { bearer, createEvent } from '../../../test/seeders.ts';
import { queryRows } from '../../db/client.ts';
import {
  eventDaySeats,
  events,
  orders,
  outbox,
  tickets,
  ticketTypes,
  ticketTypeSeatCategories,
} from '../../db/schema/index.ts';

const PAID = '4242424242424242';
const notHeld = 'Your seats are no longer held. Choose your seats again.';

describe('a seated checkout', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let hall: Awaited<ReturnType<typeof seatedEvent>>;
  let map: SeatMap;
  let stalls: number;
  let box: number;
  let charges: number;
  let refunds: { ref: string; cents: number }[];

  beforeAll(async () => {
    t = await buildTestApp();
    hall = await seatedEvent(t.app, t.db);
    map = hall.map;
    [stalls, box] = hall.types.map((x) => x.id) as [number, number];
    const charge = t.app.payments.charge.bind(t.app.payments);
    const refund = t.app.payments.refund.bind(t.app.payments);
    t.app.payments.charge = async (input) => {
      charges += 1;
      return charge(input);
    };
    t.app.payments.refund = async (ref, cents, key) => {
      refunds.push({ ref, cents });
      return refund(ref, cents, key);
    };
  });
  afterAll(() => t.close());
  beforeEach(() => {
    charges = 0;
    refunds = [];
  });

  const seat = (section: string, row: string, label: string) => seatIdOf(map, section, row, label);
  const hold = (seatIds: number[]) => holdOf(t.app, hall.eventId, hall.dayId, seatIds);
  const buy = (items: [number, number][], extra: Record<string, unknown> = {}, email = 'seated@fans.test') =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/checkout',
      payload: {
        partner_id: hall.org.partnerId,
        event_id: hall.eventId,
        event_day_id: hall.dayId,
        items: items.map(([ticket_type_id, quantity]) => ({ ticket_type_id, quantity })),
        buyer: { email, full_name: 'Seated Fan' },
        payment_method: PAID,
        ...extra,
      },
    });
  const dayRows = (seatIds: number[]) =>
    t.db
      .select()
      .from(eventDaySeats)
      .where(and(eq(eventDaySeats.eventDayId, hall.dayId), inArray(eventDaySeats.seatId, seatIds)))
      .orderBy(eventDaySeats.seatId);
  const ordersOf = (email: string) =>
    queryRows(t.db, sql`select o.id from orders o join users u on u.id = o.buyer_id where u.email = ${email}`);
  const taken = async () =>
    (await t.app.inject({ url: `/api/public/events/${hall.eventId}/days/${hall.dayId}/seats` })).json().data
      .taken as DaySeats['taken'];

  it('sells two adjacent held seats: the tickets carry them, the seats are sold, and the mail names them', async () => {
    const a1 = seat('Stalls', 'A', '1');
    const a2 = seat('Stalls', 'A', '2');
    const held = await hold([a2, a1]);
    const res = await buy([[stalls, 2]], { seat_hold: held.hold }, 'pair@fans.test');
    expect(res.statusCode, res.body).toBe(200);
    const sale = res.json().data as CheckoutResult;
    expect(sale.total).toBe(60);
    expect(sale.tickets.map((x) => x.seat)).toEqual([
      { section: 'Stalls', row: 'A', label: '1' },
      { section: 'Stalls', row: 'A', label: '2' },
    ]);

    const rows = await dayRows([a1, a2]);
    expect(rows.map((r) => [r.seatId, r.state, r.ticketId, r.holdToken, r.expiresAt])).toEqual([
      [a1, 'sold', sale.tickets[0]!.ID, null, null],
      [a2, 'sold', sale.tickets[1]!.ID, null, null],
    ]);
    const issued = await t.db
      .select({ id: tickets.id, seatId: tickets.seatId })
      .from(tickets)
      .where(
        inArray(
          tickets.id,
          sale.tickets.map((x) => x.ID),
        ),
      )
      .orderBy(tickets.id);
    expect(issued.map((x) => x.seatId)).toEqual([a1, a2]);
    expect(await taken()).toEqual(expect.arrayContaining([a1, a2]));
    // Paid for: there is no hold left to let go.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/public/seat-holds/${held.hold}` })).statusCode).toBe(404);

    await t.app.sendQueuedMail();
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, 'pair@fans.test'));
    expect(mail!.text).toContain(`Stalls: ${sale.tickets[0]!.code}, Stalls, row A, seat 1`);
    expect(mail!.text).toContain(`Stalls: ${sale.tickets[1]!.code}, Stalls, row A, seat 2`);
  });

  it('seats each line in its category, and a standing line beside them has no seat', async () => {
    const [standing] = await t.db
      .insert(ticketTypes)
      .values({ eventId: hall.eventId, name: 'Standing', initialPriceCents: 1500, amount: 50 })
      .returning();
    const b3 = seat('Stalls', 'B', '3');
    const boxA1 = seat('Box', 'A', '1');
    const held = await hold([boxA1, b3]);
    const res = await buy(
      [
        [standing!.id, 2],
        [box, 1],
        [stalls, 1],
      ],
      { seat_hold: held.hold },
      'mixed@fans.test',
    );
    expect(res.statusCode, res.body).toBe(200);
    const sale = res.json().data as CheckoutResult;
    expect(sale.tickets.map((x) => [x.ticket_type, x.seat])).toEqual([
      ['Stalls', { section: 'Stalls', row: 'B', label: '3' }],
      ['Box', { section: 'Box', row: 'A', label: '1' }],
      ['Standing', null],
      ['Standing', null],
    ]);
  });

  it('sells each held seat as the type the buyer chose for it, and refuses a choice that is not the hold', async () => {
    const [child] = await t.db
      .insert(ticketTypes)
      .values({ eventId: hall.eventId, name: 'Stalls child', initialPriceCents: 1000, amount: 20 })
      .returning();
    await t.db
      .insert(ticketTypeSeatCategories)
      .values({ ticketTypeId: child!.id, seatCategoryId: map.categories[0]!.ID });
    const [a5, a6] = [seat('Stalls', 'A', '5'), seat('Stalls', 'A', '6')];
    const held = await hold([a5, a6]);
    // The child sits in A5, the lower seat, though the child's type has the higher id.
    const pairing = [
      { seat_id: a5, ticket_type_id: child!.id },
      { seat_id: a6, ticket_type_id: stalls },
    ];
    for (const wrong of [
      [{ seat_id: a5, ticket_type_id: child!.id }],
      [...pairing, { seat_id: a5, ticket_type_id: stalls }],
      [pairing[0]!, { seat_id: a6, ticket_type_id: box }],
    ]) {
      const res = await buy(
        [
          [stalls, 1],
          [child!.id, 1],
        ],
        { seat_hold: held.hold, seat_types: wrong },
        'kids@fans.test',
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe('Choose one ticket for each seat you hold: 2 seats in Standard.');
    }
    const res = await buy(
      [
        [stalls, 1],
        [child!.id, 1],
      ],
      { seat_hold: held.hold, seat_types: pairing },
      'kids@fans.test',
    );
    expect(res.statusCode, res.body).toBe(200);
    const sold = (res.json().data as CheckoutResult).tickets.map((x) => [x.ticket_type, x.seat?.label]);
    expect(sold).toEqual(
      expect.arrayContaining([
        ['Stalls', '6'],
        ['Stalls child', '5'],
      ]),
    );
    expect(charges).toBe(1);
  });

  it('says which events sell seats', async () => {
    const plain = await createEvent(t.db, hall.org.partnerId, {
      days: [{ start: '2030-03-02T19:00:00Z', end: '2030-03-02T22:00:00Z' }],
      types: [{ name: 'GA', priceCents: 1000, amount: 10 }],
    });
    await t.db.update(events).set({ activeOnWidget: true }).where(eq(events.id, plain.event.id));
    const res = await t.app.inject({ url: `/api/public/partners/${hall.org.partnerId}/events` });
    const listed = res.json().data as PublicEvent[];
    expect(listed.map((e) => [e.ID, e.seated])).toEqual(
      expect.arrayContaining([
        [hall.eventId, true],
        [plain.event.id, false],
      ]),
    );
  });

  it('refuses before any charge: no hold, a basket that is not the hold, a hold gone, or seats where none are sold', async () => {
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

    const plain = await createEvent(t.db, hall.org.partnerId, {
      days: [{ start: '2030-03-02T19:00:00Z', end: '2030-03-02T22:00:00Z' }],
      types: [{ name: 'GA', priceCents: 1000, amount: 10 }],
    });
    await t.db.update(events).set({ activeOnWidget: true }).where(eq(events.id, plain.event.id));
    const unseated = await t.app.inject({
      method: 'POST',
      url: '/api/public/checkout',
      payload: {
        partner_id: hall.org.partnerId,
        event_id: plain.event.id,
        event_day_id: plain.days[0]!.id,
        items: [{ ticket_type_id: plain.types[0]!.id, quantity: 2 }],
        seat_hold: held.hold,
        buyer: { email: 'seated@fans.test', full_name: 'Seated Fan' },
        payment_method: PAID,
      },
    });
    expect(unseated.statusCode).toBe(422);
    expect(unseated.json().error.message).toBe(
      'This event is not sold by seat: buy its tickets without choosing seats.',
    );

    // Run out, and one of its seats held by another buyer since: the hold is gone.
    await t.db
      .update(eventDaySeats)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(eventDaySeats.holdToken, held.hold));
    await hold([c2]);
    const takenOver = await buy([[stalls, 2]], { seat_hold: held.hold });
    expect(takenOver.statusCode).toBe(409);
    expect(takenOver.json().error.message).toBe(notHeld);

    expect(charges).toBe(0);
    expect(await ordersOf('seated@fans.test')).toEqual([]);
  });

  it('sells a hold that ran out while nobody took its seats', async () => {
    const c5 = seat('Stalls', 'C', '5');
    const held = await hold([c5]);
    await t.db
      .update(eventDaySeats)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(eventDaySeats.holdToken, held.hold));
    const res = await buy([[stalls, 1]], { seat_hold: held.hold }, 'late@fans.test');
    expect(res.statusCode, res.body).toBe(200);
    expect((await dayRows([c5]))[0]).toMatchObject({ state: 'sold', holdToken: null });
  });

  it('gives the money back when the seats are taken over while the buyer pays, and writes nothing', async () => {
    const c7 = seat('Stalls', 'C', '7');
    const c8 = seat('Stalls', 'C', '8');
    const held = await hold([c7, c8]);
    const charge = t.app.payments.charge;
    // The buyer's time runs out while the card is charged, and another buyer holds one of the seats.
    t.app.payments.charge = async (input) => {
      await t.db
        .update(eventDaySeats)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(eventDaySeats.holdToken, held.hold));
      await hold([c8]);
      return charge(input);
    };
    try {
      const res = await buy([[stalls, 2]], { seat_hold: held.hold }, 'slow@fans.test');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(notHeld);
    } finally {
      t.app.payments.charge = charge;
    }
    expect(charges).toBe(1);
    expect(refunds).toEqual([{ ref: expect.stringMatching(/^ch_test_/), cents: 6000 }]);
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
    const sale = (await buy([[stalls, 2]], { seat_hold: held.hold }, 'refund@fans.test')).json().data as CheckoutResult;

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
      url: `/api/analytics/slot_quantity/${hall.org.partnerId}?search=refund@fans.test`,
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
    const again = await buy([[stalls, 1]], { seat_hold: (await hold([b8])).hold }, 'next@fans.test');
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
