import { count, eq } from 'drizzle-orm';
import type { CheckoutResult, SeatHold } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatedEvent } from '../../../test/fixtures/seating.ts';
import { twoInstances } from '../../../test/helper.ts';
import { checkoutBody } from '../../../test/seeders.ts';
import { serverProcess, type Answer, type Call } from '../../../test/server-process.ts';
import { eventDaySeats, tickets } from '../../db/schema/index.ts';

const byNumber = (a: number | null, b: number | null) => a! - b!;

describe('seats in a rush', () => {
  // Two API instances, as behind a load balancer: on PostgreSQL the second is a process of its own
  // (started as production starts it) with its own pool; the embedded database has one process.
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  let process2: Awaited<ReturnType<typeof serverProcess>> | null = null;
  let instances: [{ inject(call: Call): Promise<Answer> }, { inject(call: Call): Promise<Answer> }];
  beforeAll(async () => {
    pair = await twoInstances();
    if (pair.url) process2 = await serverProcess(pair.url);
    instances = [pair.apps[0], process2 ?? pair.apps[1]];
  }, 60_000);
  afterAll(async () => {
    try {
      await process2?.close();
    } finally {
      await pair.close();
    }
  });

  type Hall = Awaited<ReturnType<typeof seatedEvent>>;

  /** 500 buyers race for ten seats: eight of Stalls row B and two of the Box, one or two each, in either order. */
  async function rush({ map, eventId, dayId }: Hall) {
    const ten = map.sections[0]!.rows[1]!.seats.slice(0, 8)
      .map((s) => s.ID)
      .concat(map.sections[1]!.rows[0]!.seats.slice(1, 3).map((s) => s.ID));
    // Each buyer wants one or two of the ten, named in either order, through either instance.
    const wants = Array.from({ length: 500 }, (_, i) => {
      const a = ten[i % 10]!;
      const b = ten[(i * 7 + 3) % 10]!;
      return i % 3 === 0 || a === b ? [a] : i % 2 ? [a, b] : [b, a];
    });
    const answers = await Promise.all(
      wants.map((seat_ids, i) =>
        instances[i % 2]!.inject({
          method: 'POST',
          url: `/api/public/events/${eventId}/days/${dayId}/seat-holds`,
          payload: { seat_ids },
          // Buyers from 500 addresses, as in a real rush: one address's holds are limited.
          remoteAddress: `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().error.message).toMatch(
        /^(.+) (was|were) just taken by another buyer\. Choose other seats\.$/,
      );
    const holds = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data as SeatHold);
    const won = holds.flatMap((h) => h.seats.map((s) => s.ID));
    expect(new Set(won).size).toBe(won.length);
    expect(won.length).toBeGreaterThan(0);
    return { holds, won };
  }

  it(
    'gives each seat to one buyer when 500 race for the same ten, and refuses the rest plainly',
    { timeout: 120_000 },
    async () => {
      const hall = await seatedEvent(pair.apps[0], pair.db);
      const { eventId, dayId } = hall;
      const { won } = await rush(hall);
      const rows = await pair.db.select({ n: count() }).from(eventDaySeats).where(eq(eventDaySeats.eventDayId, dayId));
      expect(rows[0]!.n).toBe(won.length);

      // Once their holds run out, the seats are free for the next buyers.
      await pair.db
        .update(eventDaySeats)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(eventDaySeats.eventDayId, dayId));
      const again = await instances[1].inject({
        method: 'POST',
        url: `/api/public/events/${eventId}/days/${dayId}/seat-holds`,
        payload: { seat_ids: won },
      });
      expect(again.statusCode, again.body).toBe(200);
    },
  );

  it(
    'sells each seat once when the winners pay, each pressing Pay twice at once on both instances',
    { timeout: 120_000 },
    async () => {
      const hall = await seatedEvent(pair.apps[0], pair.db);
      const { holds, won } = await rush(hall);
      // A seat's category is sold by the ticket type of the same place (the fixture's Stalls and Box).
      const typeOf = (categoryId: number) => hall.types[hall.map.categories.findIndex((c) => c.ID === categoryId)]!.id;
      const pay = (hold: SeatHold, i: number, instance: number) => {
        const items = new Map<number, number>();
        for (const s of hold.seats)
          items.set(typeOf(s.seat_category_id), (items.get(typeOf(s.seat_category_id)) ?? 0) + 1);
        return instances[instance]!.inject({
          method: 'POST',
          url: '/api/public/checkout',
          payload: checkoutBody(
            hall,
            { email: `winner${i}@fans.test`, full_name: `Winner ${i}` },
            [...items].map(([ticket_type_id, quantity]) => ({ ticket_type_id, quantity })),
            { seat_hold: hold.hold },
          ),
        });
      };
      const answers = await Promise.all(holds.flatMap((hold, i) => [pay(hold, i, 0), pay(hold, i, 1)]));
      for (let i = 0; i < holds.length; i++) {
        const both = [answers[2 * i]!, answers[2 * i + 1]!];
        expect(both.map((a) => a.statusCode).sort(), both.map((a) => a.body).join('\n')).toEqual([200, 409]);
        expect(both.find((a) => a.statusCode === 409)!.json().error.message).toBe(
          'Your seats are no longer held. Choose your seats again.',
        );
        const sold = (both.find((a) => a.statusCode === 200)!.json().data as CheckoutResult).tickets;
        expect(sold.map((t) => t.seat)).toEqual(
          expect.arrayContaining(holds[i]!.seats.map(({ section, row, label }) => ({ section, row, label }))),
        );
      }

      const rows = await pair.db.select().from(eventDaySeats).where(eq(eventDaySeats.eventDayId, hall.dayId));
      expect(rows.map((r) => r.state).filter((state) => state !== 'sold')).toEqual([]);
      expect(rows.map((r) => r.seatId).sort(byNumber)).toEqual([...won].sort(byNumber));
      const seated = await pair.db
        .select({ id: tickets.id, seatId: tickets.seatId })
        .from(tickets)
        .where(eq(tickets.eventDayId, hall.dayId));
      expect(seated.map((t) => t.seatId).sort(byNumber)).toEqual([...won].sort(byNumber));
      expect(new Set(rows.map((r) => r.ticketId))).toEqual(new Set(seated.map((t) => t.id)));
    },
  );
});
