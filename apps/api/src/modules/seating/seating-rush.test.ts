import { count, eq } from 'drizzle-orm';
import type { SeatHold } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatedEvent } from '../../../test/fixtures/seating.ts';
import { twoInstances } from '../../../test/helper.ts';
import { eventDaySeats } from '../../db/schema/index.ts';

describe('seats in a rush', () => {
  // On PostgreSQL two API instances with pools of their own, as behind a load balancer.
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    pair = await twoInstances();
  });
  afterAll(() => pair.close());

  it(
    'gives each seat to one buyer when 500 race for the same ten, and refuses the rest plainly',
    { timeout: 120_000 },
    async () => {
      const { map, eventId, dayId } = await seatedEvent(pair.apps[0], pair.db);
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
          pair.apps[i % 2]!.inject({
            method: 'POST',
            url: `/api/public/events/${eventId}/days/${dayId}/seat-holds`,
            payload: { seat_ids },
            // Buyers from 500 addresses, as in a real rush: one address's holds are limited.
            remoteAddress: `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`,
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).filter((s) => s !== 200 && s !== 409)).toEqual([]);
      const won = answers
        .filter((a) => a.statusCode === 200)
        .flatMap((a) => (a.json().data as SeatHold).seats.map((s) => s.ID));
      expect(new Set(won).size).toBe(won.length);
      expect(won.length).toBeGreaterThan(0);
      const rows = await pair.db.select({ n: count() }).from(eventDaySeats).where(eq(eventDaySeats.eventDayId, dayId));
      expect(rows[0]!.n).toBe(won.length);
      for (const refused of answers.filter((a) => a.statusCode === 409))
        expect(refused.json().error.message).toMatch(
          /^(.+) (was|were) just taken by another buyer\. Choose other seats\.$/,
        );

      // Once their holds run out, the seats are free for the next buyers.
      await pair.db
        .update(eventDaySeats)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(eventDaySeats.eventDayId, dayId));
      const again = await pair.apps[1].inject({
        method: 'POST',
        url: `/api/public/events/${eventId}/days/${dayId}/seat-holds`,
        payload: { seat_ids: won },
      });
      expect(again.statusCode, again.body).toBe(200);
    },
  );
});
