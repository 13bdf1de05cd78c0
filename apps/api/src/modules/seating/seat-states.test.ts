import { eq } from 'drizzle-orm';
import type { DaySeats, DaySeatStates, SeatHold, SeatMap } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, twoInstances } from '../../../test/helper.ts';
import { hall, seatedEvent } from '../../../test/fixtures/seating.ts';
import { addMember, bearer, createEvent, createUser, signedInOrganisation, signIn } from '../../../test/seeders.ts';
import { eventDays, eventDaySeats } from '../../db/schema/index.ts';

describe('a day’s seats as the organizer sees and holds them', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let made: Awaited<ReturnType<typeof seatedEvent>>;
  let map: SeatMap;
  let secondDayId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    made = await seatedEvent(t.app, t.db);
    map = made.map;
    const [second] = await t.db
      .insert(eventDays)
      .values({
        eventId: made.eventId,
        startDate: new Date('2030-03-02T19:00:00Z'),
        endDate: new Date('2030-03-02T22:00:00Z'),
      })
      .returning();
    secondDayId = second!.id;
  });
  afterAll(() => t.close());

  const seatId = (section: string, row: string, label: string) =>
    map.sections
      .find((s) => s.name === section)!
      .rows.find((r) => r.label === row)!
      .seats.find((s) => s.label === label)!.ID;
  const url = (dayId = made.dayId, eventId = made.eventId) => `/api/events/${eventId}/days/${dayId}`;
  const read = (dayId = made.dayId, token = made.org.token) =>
    t.app.inject({ url: `${url(dayId)}/seats`, headers: bearer(token) });
  const states = async (dayId = made.dayId) => {
    const res = await read(dayId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as DaySeatStates;
  };
  const holdBack = (seatIds: number[], dayId = made.dayId, token = made.org.token) =>
    t.app.inject({
      method: 'PUT',
      url: `${url(dayId)}/held-seats`,
      headers: bearer(token),
      payload: { seat_ids: seatIds },
    });
  const buyerHold = (seatIds: number[]) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/events/${made.eventId}/days/${made.dayId}/seat-holds`,
      payload: { seat_ids: seatIds },
    });
  const free = () => t.db.delete(eventDaySeats);

  it('shows the map with every seat free and the counts by section', async () => {
    const day = await states();
    expect(day.seat_map).toEqual(map);
    expect(day.seats).toEqual([]);
    expect(day.sections).toEqual([
      { ID: map.sections[0]!.ID, name: 'Stalls', seats: 24, sold: 0, reserved: 0, held: 0, free: 24 },
      { ID: map.sections[1]!.ID, name: 'Box', seats: 4, sold: 0, reserved: 0, held: 0, free: 4 },
    ]);
  });

  it('holds seats back on one day, keeps them from buyers, and releases those left out', async () => {
    const [a1, a2, box1] = [seatId('Stalls', 'A', '1'), seatId('Stalls', 'A', '2'), seatId('Box', 'A', '1')];
    const res = await holdBack([box1, a2, a1]);
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json().data as DaySeatStates;
    expect(day.seats).toEqual([a1, a2, box1].sort((x, y) => x - y).map((ID) => ({ ID, state: 'held' })));
    expect(day.sections.map((s) => [s.name, s.held, s.free])).toEqual([
      ['Stalls', 2, 22],
      ['Box', 1, 3],
    ]);
    // The other day is untouched.
    expect((await states(secondDayId)).seats).toEqual([]);

    const widget = (await t.app.inject({ url: `/api/public/events/${made.eventId}/days/${made.dayId}/seats` })).json()
      .data as DaySeats;
    expect(widget.taken.sort()).toEqual([a1, a2, box1].sort());
    const refused = await buyerHold([box1]);
    expect(refused.statusCode).toBe(409);

    const again = await holdBack([a1]);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().data as DaySeatStates).seats).toEqual([{ ID: a1, state: 'held' }]);
    expect((await buyerHold([box1])).statusCode).toBe(200);

    expect((await holdBack([])).statusCode).toBe(200);
    expect((await states()).seats).toEqual([{ ID: box1, state: 'reserved' }]);
    await free();
  });

  it('refuses to hold a sold seat or one a buyer is paying for, naming them, and changes nothing', async () => {
    const a = (label: string) => seatId('Stalls', 'A', label);
    const [a1, a3, a4, a5] = [a('1'), a('3'), a('4'), a('5')];
    expect((await holdBack([a1])).statusCode).toBe(200);
    await t.db.insert(eventDaySeats).values({ eventDayId: made.dayId, seatId: a3, state: 'sold' });
    expect((await buyerHold([a4, a5])).statusCode).toBe(200);

    const res = await holdBack([a3, a4, a5]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'Stalls row A seat 3 is sold, and Stalls row A seat 4 and Stalls row A seat 5 are reserved by a buyer ' +
        'who is paying: they cannot be held back. Leave them out.',
    );
    const one = await holdBack([a3]);
    expect(one.json().error.message).toBe('Stalls row A seat 3 is sold: it cannot be held back. Leave it out.');
    const day = await states();
    expect(day.seats).toEqual([
      { ID: a1, state: 'held' },
      { ID: a3, state: 'sold' },
      { ID: a4, state: 'reserved' },
      { ID: a5, state: 'reserved' },
    ]);
    expect(day.sections[0]).toMatchObject({ sold: 1, reserved: 2, held: 1, free: 20 });
    await free();
  });

  it('counts a reservation whose time ran out as free, and holds it back', async () => {
    const a6 = seatId('Stalls', 'A', '6');
    expect((await buyerHold([a6])).statusCode).toBe(200);
    await t.db
      .update(eventDaySeats)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(eventDaySeats.seatId, a6));
    expect((await states()).seats).toEqual([]);
    const res = await holdBack([a6]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as DaySeatStates).seats).toEqual([{ ID: a6, state: 'held' }]);
    const [row] = await t.db.select().from(eventDaySeats).where(eq(eventDaySeats.seatId, a6));
    expect(row).toMatchObject({ state: 'held', holdToken: null, expiresAt: null });
    await free();
  });

  it('keeps what a hold relies on: the map cannot lose a held seat, nor the event its map', async () => {
    const c1 = seatId('Stalls', 'C', '1');
    expect((await holdBack([c1])).statusCode).toBe(200);
    const withoutRowC = hall();
    withoutRowC.sections[0]!.rows = withoutRowC.sections[0]!.rows.slice(0, 2);
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/partner/v1/seatmaps/seatmap/${map.ID}`,
      headers: bearer(made.org.token),
      payload: withoutRowC,
    });
    expect(save.statusCode).toBe(409);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${made.eventId}/seating`,
      headers: bearer(made.org.token),
      payload: { seat_map_id: null, ticket_types: [] },
    });
    expect(off.statusCode).toBe(409);
    await free();
  });

  it('answers 404 for another organization’s event, day or seat, a day of another event, or no map', async () => {
    const other = await signedInOrganisation(t.app, t.db);
    expect((await read(made.dayId, other.token)).statusCode).toBe(404);
    expect((await holdBack([seatId('Stalls', 'A', '1')], made.dayId, other.token)).statusCode).toBe(404);

    const theirs = await seatedEvent(t.app, t.db);
    const theirSeat = theirs.map.sections[0]!.rows[0]!.seats[0]!.ID;
    const foreignSeat = await holdBack([seatId('Stalls', 'A', '1'), theirSeat]);
    expect(foreignSeat.statusCode).toBe(404);
    expect(foreignSeat.json().error.message).toBe('Seat not found.');
    expect((await read(theirs.dayId)).statusCode).toBe(404);

    const plain = await createEvent(t.db, made.org.partnerId, {
      days: [{ start: '2030-04-01T19:00:00Z', end: '2030-04-01T22:00:00Z' }],
    });
    const generalAdmission = await t.app.inject({
      url: `${url(plain.days[0]!.id, plain.event.id)}/seats`,
      headers: bearer(made.org.token),
    });
    expect(generalAdmission.statusCode).toBe(404);
    expect(generalAdmission.json().error.message).toBe('Seat map not found.');
    // A day of one event named under another.
    const mixed = await t.app.inject({
      url: `${url(plain.days[0]!.id)}/seats`,
      headers: bearer(made.org.token),
    });
    expect(mixed.statusCode).toBe(404);
    expect((await states()).seats).toEqual([]);
  });

  it('lets the box office see the seats but not hold them back', async () => {
    const user = await createUser(t.db);
    await addMember(t.db, made.org.partnerId, user.id, 'BoxOffice');
    const token = await signIn(t.app, user.email, made.org.partnerId);
    expect((await read(made.dayId, token)).statusCode).toBe(200);
    expect((await holdBack([seatId('Stalls', 'A', '1')], made.dayId, token)).statusCode).toBe(403);
  });
});

describe('the organizer’s holds in a buyers’ rush', () => {
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    pair = await twoInstances();
  });
  afterAll(() => pair.close());

  it(
    'never deadlocks or fails: each seat is the organizer’s or one buyer’s, and the last save is what is held',
    { timeout: 120_000 },
    async () => {
      const { map, org, eventId, dayId } = await seatedEvent(pair.apps[0], pair.db);
      const stalls = map.sections[0]!.rows.flatMap((r) => r.seats.map((s) => s.ID));
      // The organizer saves twelve sets one after another, each overlapping what the buyers want.
      const sets = Array.from({ length: 12 }, (_, i) => stalls.filter((_, n) => (n + i) % 3 === 0));
      const organizer = (async () => {
        const answers = [];
        for (const [i, seat_ids] of sets.entries())
          answers.push(
            await pair.apps[i % 2]!.inject({
              method: 'PUT',
              url: `/api/events/${eventId}/days/${dayId}/held-seats`,
              headers: bearer(org.token),
              payload: { seat_ids },
            }),
          );
        return answers;
      })();
      const buyers = Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          pair.apps[(i + 1) % 2]!.inject({
            method: 'POST',
            url: `/api/public/events/${eventId}/days/${dayId}/seat-holds`,
            payload: { seat_ids: [...new Set([stalls[(i * 5) % 24]!, stalls[(i * 11 + 7) % 24]!])] },
            remoteAddress: `10.1.${Math.floor(i / 200)}.${(i % 200) + 1}`,
          }),
        ),
      );
      const [saves, holds] = await Promise.all([organizer, buyers]);
      for (const answer of [...saves, ...holds]) expect([200, 409], answer.body).toContain(answer.statusCode);
      for (const refused of saves.filter((a) => a.statusCode === 409))
        expect(refused.json().error.message).toMatch(
          /reserved by a buyer who is paying: (it|they) cannot be held back/,
        );

      const rows = await pair.db.select().from(eventDaySeats).where(eq(eventDaySeats.eventDayId, dayId));
      const lastSaved = saves.findLastIndex((a) => a.statusCode === 200);
      const held = rows.filter((r) => r.state === 'held').map((r) => r.seatId);
      expect(held.sort((a, b) => a - b)).toEqual(lastSaved < 0 ? [] : sets[lastSaved]);
      const bought = holds.filter((a) => a.statusCode === 200).flatMap((a) => (a.json().data as SeatHold).seats);
      const reserved = rows.filter((r) => r.state === 'reserved').map((r) => r.seatId);
      expect(reserved.sort((a, b) => a - b)).toEqual(bought.map((s) => s.ID).sort((a, b) => a - b));
    },
  );
});
