import { eq, inArray } from 'drizzle-orm';
import type { CheckoutResult, PublicEvent } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { suiteSeatedCheckout } from '../../../test/fixtures/seated-checkout.ts';
import { outbox, tickets, ticketTypes, ticketTypeSeatCategories } from '../../db/schema/index.ts';

describe('a seated checkout', () => {
  const { t, hall, typeIds, paid, seat, hold, buy, expire, dayRows, taken, unseatedEvent } = suiteSeatedCheckout();

  it('sells two adjacent held seats: the tickets carry them, the seats are sold, and the mail names them', async () => {
    const a1 = seat('Stalls', 'A', '1');
    const a2 = seat('Stalls', 'A', '2');
    const held = await hold([a2, a1]);
    const res = await buy([[typeIds.stalls, 2]], { seat_hold: held.hold }, 'pair@fans.test');
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
        [typeIds.box, 1],
        [typeIds.stalls, 1],
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
      .values({ ticketTypeId: child!.id, seatCategoryId: hall.map.categories[0]!.ID });
    const [a5, a6] = [seat('Stalls', 'A', '5'), seat('Stalls', 'A', '6')];
    const held = await hold([a5, a6]);
    const items: [number, number][] = [
      [typeIds.stalls, 1],
      [child!.id, 1],
    ];
    // The child sits in A5, the lower seat, though the child's type has the higher id.
    const pairing = [
      { seat_id: a5, ticket_type_id: child!.id },
      { seat_id: a6, ticket_type_id: typeIds.stalls },
    ];
    for (const wrong of [
      [{ seat_id: a5, ticket_type_id: child!.id }],
      [...pairing, { seat_id: a5, ticket_type_id: typeIds.stalls }],
      [pairing[0]!, { seat_id: a6, ticket_type_id: typeIds.box }],
    ]) {
      const res = await buy(items, { seat_hold: held.hold, seat_types: wrong }, 'kids@fans.test');
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe('Choose one ticket for each seat you hold: 2 seats in Standard.');
    }
    const res = await buy(items, { seat_hold: held.hold, seat_types: pairing }, 'kids@fans.test');
    expect(res.statusCode, res.body).toBe(200);
    const sold = (res.json().data as CheckoutResult).tickets.map((x) => [x.ticket_type, x.seat?.label]);
    expect(sold).toEqual(
      expect.arrayContaining([
        ['Stalls', '6'],
        ['Stalls child', '5'],
      ]),
    );
    expect(paid.charges).toBe(1);
  });

  it('says which events sell seats', async () => {
    const plain = await unseatedEvent();
    const res = await t.app.inject({ url: `/api/public/partners/${hall.partnerId}/events` });
    const listed = res.json().data as PublicEvent[];
    expect(listed.map((e) => [e.ID, e.seated])).toEqual(
      expect.arrayContaining([
        [hall.eventId, true],
        [plain.eventId, false],
      ]),
    );
  });

  it('sells a hold that ran out while nobody took its seats', async () => {
    const c5 = seat('Stalls', 'C', '5');
    const held = await hold([c5]);
    await expire(held.hold);
    const res = await buy([[typeIds.stalls, 1]], { seat_hold: held.hold }, 'late@fans.test');
    expect(res.statusCode, res.body).toBe(200);
    expect((await dayRows([c5]))[0]).toMatchObject({ state: 'sold', holdToken: null });
  });
});
