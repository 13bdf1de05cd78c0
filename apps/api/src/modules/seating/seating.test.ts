import { eq } from 'drizzle-orm';
import type { DaySeats, SeatHold, SeatMap } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { hall, hallEvent, seatIdOf } from '../../../test/fixtures/seating.ts';
import { bearer, signedInOrganisation } from '../../../test/seeders.ts';
import { eventDaySeats, seats } from '../../db/schema/index.ts';

describe('seating', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let org: Awaited<ReturnType<typeof hallEvent>>['org'];
  let map: SeatMap;
  let eventId: number;
  let dayId: number;
  let types: { id: number; name: string }[];

  beforeAll(async () => {
    t = await buildTestApp();
    ({ org, map, eventId, dayId, types } = await hallEvent(t.app, t.db));
  });
  afterAll(() => t.close());

  const seating = (payload: unknown, token = org.token) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/seating`,
      headers: bearer(token),
      payload: payload as object,
    });
  const category = (name: string) => map.categories.find((c) => c.name === name)!.ID;
  const seatId = (section: string, row: string, label: string) =>
    map.sections
      .find((s) => s.name === section)!
      .rows.find((r) => r.label === row)!
      .seats.find((s) => s.label === label)!.ID;
  const hold = (body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/events/${eventId}/days/${dayId}/seat-holds`,
      payload: body as object,
    });
  const seatsOfDay = async () =>
    (await t.app.inject({ url: `/api/public/events/${eventId}/days/${dayId}/seats` })).json().data as DaySeats;
  const free = () => t.db.delete(eventDaySeats).where(eq(eventDaySeats.eventDayId, dayId));

  it('puts an event on a seat map with each ticket type on a category, all the organization’s own', async () => {
    const body = {
      seat_map_id: map.ID,
      ticket_types: [
        { ID: types[0]!.id, seat_category_id: category('Standard') },
        { ID: types[1]!.id, seat_category_id: category('Premium') },
      ],
    };
    const res = await seating(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ seat_map_id: map.ID, ticket_types: body.ticket_types });
    const read = await t.app.inject({ url: `/api/events/${eventId}/seating`, headers: bearer(org.token) });
    expect(read.json().data).toEqual(res.json().data);

    const other = await signedInOrganisation(t.app, t.db);
    expect((await seating(body, other.token)).statusCode).toBe(404);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/partner/v1/seatmaps/seatmap',
      headers: bearer(other.token),
      payload: hall(),
    });
    const foreign = theirs.json().data as SeatMap;
    expect((await seating({ ...body, seat_map_id: foreign.ID })).statusCode).toBe(404);
    const foreignCategory = { ID: types[0]!.id, seat_category_id: foreign.categories[0]!.ID };
    expect((await seating({ seat_map_id: map.ID, ticket_types: [foreignCategory] })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/events/${eventId}/seating`, headers: bearer(org.token) })).json().data,
    ).toEqual(res.json().data);
  });

  it('shows a buyer the day’s map, what is taken and what each category costs', async () => {
    const day = await seatsOfDay();
    expect(day.seat_map.ID).toBe(map.ID);
    expect(day.taken).toEqual([]);
    expect(day.ticket_types).toEqual([
      { ID: types[0]!.id, name: 'Stalls', price: 30, seat_category_id: category('Standard') },
      { ID: types[1]!.id, name: 'Box', price: 90, seat_category_id: category('Premium') },
    ]);
  });

  it('holds chosen seats for one buyer and tells the next one plainly they are gone', async () => {
    const chosen = [seatId('Stalls', 'A', '4'), seatId('Stalls', 'A', '5')];
    const first = await hold({ seat_ids: chosen });
    expect(first.statusCode, first.body).toBe(200);
    const held = first.json().data as SeatHold;
    expect(held.seats.map((s) => `${s.section} ${s.row}${s.label}`)).toEqual(['Stalls A4', 'Stalls A5']);
    expect(new Date(held.expires_at).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);

    const second = await hold({ seat_ids: [seatId('Stalls', 'A', '3'), chosen[1]] });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      'Stalls row A seat 5 was just taken by another buyer. Choose other seats.',
    );
    // The seat the second buyer could have had was not kept for them.
    expect((await seatsOfDay()).taken.sort()).toEqual([...chosen].sort());

    const released = await t.app.inject({ method: 'DELETE', url: `/api/public/seat-holds/${held.hold}` });
    expect(released.json().data).toEqual({ released: 2 });
    expect((await seatsOfDay()).taken).toEqual([]);
  });

  it('frees seats whose hold ran out', async () => {
    const seat = seatId('Box', 'A', '1');
    expect((await hold({ seat_ids: [seat] })).statusCode).toBe(200);
    expect((await hold({ seat_ids: [seat] })).statusCode).toBe(409);
    await t.db
      .update(eventDaySeats)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(eventDaySeats.seatId, seat));
    expect((await seatsOfDay()).taken).toEqual([]);
    expect((await hold({ seat_ids: [seat] })).statusCode).toBe(200);
    await free();
  });

  it('finds the best seats together: front row first, near its middle, never across an aisle, never an accessible place', async () => {
    const best = async (count: number, type = types[0]!.id) =>
      hold({ best_available: { ticket_type_id: type, count } });
    const labels = async (count: number) => {
      const res = await best(count);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as SeatHold).seats.map((s) => `${s.row}${s.label}`);
    };
    expect(await labels(2)).toEqual(['A3', 'A4']);
    await free();
    // Row A has 4 + 4 seats split by an aisle: four together fit on either side, never across.
    expect(await labels(4)).toEqual(['A1', 'A2', 'A3', 'A4']);
    // The middle is the whole row's, whatever is taken: A5 is next to it now.
    expect(await labels(1)).toEqual(['A5']);
    expect(await labels(3)).toEqual(['A6', 'A7', 'A8']);
    expect(await labels(3)).toEqual(['B2', 'B3', 'B4']);
    expect((await best(5)).json().error.message).toBe('No 5 seats together are left for Stalls.');
    expect((await best(1, types[1]!.id)).statusCode).toBe(200);
    await free();

    // An accessible place is left for whoever needs it: chosen on the map, never handed out as best.
    const a3 = seatIdOf(map, 'Stalls', 'A', '3');
    await t.db.update(seats).set({ accessible: true }).where(eq(seats.id, a3));
    try {
      expect(await labels(2)).toEqual(['A5', 'A6']);
      expect((await hold({ seat_ids: [a3] })).statusCode).toBe(200);
    } finally {
      await t.db.update(seats).set({ accessible: false }).where(eq(seats.id, a3));
      await free();
    }
  });

  it('keeps what an event relies on: its map cannot go, nor change while seats are taken', async () => {
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/partner/v1/seatmaps/seatmap/${map.ID}`,
      headers: bearer(org.token),
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe(
      'An event sells from this seat map: take it off the event before deleting it.',
    );
    const withoutPremium = {
      ...hall(),
      categories: hall().categories.slice(0, 1),
      sections: hall().sections.slice(0, 1),
    };
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/partner/v1/seatmaps/seatmap/${map.ID}`,
      headers: bearer(org.token),
      payload: withoutPremium,
    });
    expect(save.statusCode).toBe(409);
    expect(
      (await t.app.inject({ url: `/api/partner/v1/seatmaps/seatmap?id=${map.ID}`, headers: bearer(org.token) })).json()
        .data,
    ).toEqual(map);

    expect((await hold({ seat_ids: [seatId('Stalls', 'C', '1')] })).statusCode).toBe(200);
    const off = await seating({ seat_map_id: null, ticket_types: [] });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toBe(
      'Seats of this event are already sold or held, so its seat map cannot change.',
    );
    // A hold whose time ran out holds nothing back.
    await t.db
      .update(eventDaySeats)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(eventDaySeats.eventDayId, dayId));
    const stallsOnly = {
      seat_map_id: map.ID,
      ticket_types: [{ ID: types[0]!.id, seat_category_id: category('Standard') }],
    };
    expect((await seating({ seat_map_id: null, ticket_types: [] })).statusCode).toBe(200);
    expect((await seating(stallsOnly)).statusCode).toBe(200);

    // With no ticket type selling the box, its seats are not for sale.
    const box = await hold({ seat_ids: [seatId('Box', 'A', '1')] });
    expect(box.statusCode).toBe(409);
    expect(box.json().error.message).toBe('Box row A seat 1 is not on sale. Choose other seats.');
    expect((await seatsOfDay()).taken).toContain(seatId('Box', 'A', '4'));
    await free();
  });
});
