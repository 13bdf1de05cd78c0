import { count, eq } from 'drizzle-orm';
import type { SeatMap, SeatMapInput } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { addMember, bearer, createUser, signedInOrganisation, signIn } from '../../../test/seeders.ts';
import { seatMaps, seats, venues } from '../../db/schema/index.ts';

/** A block of `rows` × `perRow` seats, rows lettered from A, all in one category. */
function block(name: string, rows: number, perRow: number, category = 'Stalls') {
  return {
    name,
    x: 0,
    y: 0,
    rows: Array.from({ length: rows }, (_, r) => ({
      label: String.fromCharCode(65 + r),
      seats: Array.from({ length: perRow }, (_, s) => ({ label: String(s + 1), x: s, y: r, category })),
    })),
  };
}

const theatre = (): SeatMapInput => ({
  name: 'Main house',
  venue: 'Grand Theatre',
  categories: [
    { name: 'Stalls', color: '#1c7ed6' },
    { name: 'Premium', color: '#e8590c' },
  ],
  sections: [block('Stalls', 10, 20)],
});

describe('seat maps', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let org: Awaited<ReturnType<typeof signedInOrganisation>>;
  let other: Awaited<ReturnType<typeof signedInOrganisation>>;
  const path = '/api/partner/v1/seatmaps/seatmap';

  beforeAll(async () => {
    t = await buildTestApp();
    org = await signedInOrganisation(t.app, t.db);
    other = await signedInOrganisation(t.app, t.db);
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const create = async (input = theatre(), token = org.token) => {
    const res = await send('POST', path, token, input);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as SeatMap;
  };
  const rowCount = async () => (await t.db.select({ n: count() }).from(seats))[0]!.n;

  it('saves a theatre of 10 rows of 20 and answers it as the spec names it', async () => {
    const map = await create();
    expect(map).toMatchObject({ name: 'Main house', venue: 'Grand Theatre', seat_count: 200 });
    expect(map.venueID).toBeGreaterThan(0);
    expect(map.sections[0]!.rows).toHaveLength(10);
    expect(map.sections[0]!.rows[9]).toMatchObject({ label: 'J' });
    expect(map.sections[0]!.rows[0]!.seats[19]).toMatchObject({ label: '20', category: 'Stalls', accessible: false });

    const read = await send('GET', `${path}?id=${map.ID}`, org.token);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(map);

    const list = await send('GET', '/api/partner/v1/seatmaps/seatmaps', org.token);
    expect(list.json().data).toContainEqual({
      ID: map.ID,
      venueID: map.venueID,
      venue: 'Grand Theatre',
      name: 'Main house',
      seat_count: 200,
      updated_at: map.updated_at,
    });
  });

  it('keeps the ids of the seats an edit keeps, and drops the ones it leaves out', async () => {
    const map = await create();
    const stalls = map.sections[0]!;
    const a1 = stalls.rows[0]!.seats[0]!;
    const edited: SeatMapInput = {
      ...theatre(),
      venue: 'grand theatre',
      categories: map.categories.map((c) => (c.name === 'Premium' ? { ...c, name: 'Front' } : c)),
      sections: [
        {
          ID: stalls.ID,
          name: 'Orchestra',
          x: 5,
          y: 2,
          rows: stalls.rows.slice(0, 9).map((row, r) => ({
            label: row.label,
            seats: row.seats.map((seat) => ({
              ...seat,
              category: r === 0 ? 'Front' : seat.category,
              accessible: r === 0 && seat.label === '1',
            })),
          })),
        },
      ],
    };
    const res = await send('PUT', `${path}/${map.ID}`, org.token, edited);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as SeatMap;
    expect(saved).toMatchObject({ seat_count: 180, venueID: map.venueID, venue: 'grand theatre' });
    expect(saved.sections).toEqual([expect.objectContaining({ ID: stalls.ID, name: 'Orchestra', x: 5, y: 2 })]);
    expect(saved.sections[0]!.rows[0]!.seats[0]).toEqual({ ...a1, category: 'Front', accessible: true });
    expect(saved.categories.map((c) => c.name)).toEqual(['Stalls', 'Front']);
    expect(saved.categories[1]!.ID).toBe(map.categories[1]!.ID);
    const left = await t.db.select({ n: count() }).from(seats).where(eq(seats.seatMapId, map.ID));
    expect(left[0]!.n).toBe(180);

    // The save drew no ids for the seats it kept: the next seat made takes the next id.
    const last = Math.max(...map.sections.flatMap((s) => s.rows.flatMap((r) => r.seats.map((seat) => seat.ID))));
    const next = await create();
    expect(next.sections[0]!.rows[0]!.seats[0]!.ID).toBe(last + 1);
  });

  it('refuses a save made from an older revision than the last one, changing nothing', async () => {
    const map = await create();
    expect(map.revision).toBe(1);
    const first = await send('PUT', `${path}/${map.ID}`, org.token, { ...theatre(), name: 'Upper house', revision: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json().data as SeatMap).revision).toBe(2);

    // A second editor opened revision 1 and saves after the first: their save would undo it.
    const stale = await send('PUT', `${path}/${map.ID}`, org.token, { ...theatre(), name: 'Lower house', revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      'Someone else saved this seat map after you opened it. Reload it to see their changes, then make yours again.',
    );
    const read = (await send('GET', `${path}?id=${map.ID}`, org.token)).json().data as SeatMap;
    expect(read).toMatchObject({ name: 'Upper house', revision: 2 });
    // Another organization's map stays a 404 whatever the revision.
    expect((await send('PUT', `${path}/${map.ID}`, other.token, { ...theatre(), revision: 2 })).statusCode).toBe(404);
  });

  it('is the organization’s own: another one gets 404 and changes nothing', async () => {
    const map = await create();
    const before = await rowCount();
    for (const [method, payload] of [['GET'], ['PUT', theatre()], ['DELETE']] as const) {
      const url = method === 'GET' ? `${path}?id=${map.ID}` : `${path}/${map.ID}`;
      const res = await send(method, url, other.token, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Seat map not found.');
    }
    const list = await send('GET', '/api/partner/v1/seatmaps/seatmaps', other.token);
    expect(list.json().data).toEqual([]);

    // Its own map naming another organization's category or section: as unknown as one that never was.
    const own = await create(theatre(), other.token);
    for (const body of [
      { ...theatre(), categories: [{ ...map.categories[0]!, name: 'Stalls' }] },
      { ...theatre(), sections: [{ ...block('Stalls', 1, 1), ID: map.sections[0]!.ID }] },
    ]) {
      const res = await send('PUT', `${path}/${own.ID}`, other.token, body);
      expect(res.statusCode).toBe(404);
    }
    expect(await rowCount()).toBe(before + 200);
    expect((await send('GET', `${path}?id=${own.ID}`, other.token)).json().data).toEqual(own);
  });

  it('refuses a layout that does not hold together, in plain words, writing nothing', async () => {
    const maps = await t.db.select({ n: count() }).from(seatMaps);
    const places = await t.db.select({ n: count() }).from(venues);
    const seatsBefore = await rowCount();
    const twiceSeat = theatre();
    twiceSeat.sections[0]!.rows[0]!.seats[1]!.label = '1';
    const unknownCategory = theatre();
    unknownCategory.sections[0]!.rows[2]!.seats[3]!.category = 'Balcony';
    const twoSections = { ...theatre(), sections: [block('Stalls', 1, 2), block('stalls', 1, 2)] };
    const tooMany = { ...theatre(), sections: Array.from({ length: 11 }, (_, i) => block(`S${i}`, 100, 20)) };
    const cases: [unknown, string][] = [
      [twiceSeat, 'Row A has two seats called 1.'],
      [unknownCategory, 'Seat C4 of Stalls is in a category the map does not have.'],
      [twoSections, 'Two sections are called stalls.'],
      [tooMany, 'A seat map holds at most 20,000 seats.'],
      [{ ...theatre(), categories: [] }, 'A seat map needs at least one category.'],
      [{ ...theatre(), name: '  ' }, 'Name is required.'],
    ];
    for (const [body, message] of cases) {
      const res = await send('POST', path, org.token, body);
      expect(res.statusCode, message).toBe(422);
      expect(JSON.stringify(res.json().error)).toContain(message);
    }
    expect(await t.db.select({ n: count() }).from(seatMaps)).toEqual(maps);
    expect(await t.db.select({ n: count() }).from(venues)).toEqual(places);
    expect(await rowCount()).toBe(seatsBefore);
  });

  it('lets every member read and only those who manage events change', async () => {
    const map = await create();
    const viewer = await createUser(t.db);
    await addMember(t.db, org.partnerId, viewer.id, 'BoxOffice');
    const token = await signIn(t.app, viewer.email, org.partnerId);
    expect((await send('GET', `${path}?id=${map.ID}`, token)).statusCode).toBe(200);
    expect((await send('PUT', `${path}/${map.ID}`, token, theatre())).statusCode).toBe(403);
    expect((await send('DELETE', `${path}/${map.ID}`, token)).statusCode).toBe(403);
  });

  it('deletes a map with its seats', async () => {
    const map = await create();
    const res = await send('DELETE', `${path}/${map.ID}`, org.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ID: map.ID });
    expect((await send('GET', `${path}?id=${map.ID}`, org.token)).statusCode).toBe(404);
    const left = await t.db.select({ n: count() }).from(seats).where(eq(seats.seatMapId, map.ID));
    expect(left[0]!.n).toBe(0);
  });
});
