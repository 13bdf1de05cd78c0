import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent } from '../../../test/seeders.ts';
import { suiteApp, suiteOrganisation } from '../../../test/suite.ts';
import { eventDays, events, ticketTypes } from '../../db/schema/index.ts';

describe("the widget's list of events", () => {
  const t = suiteApp();
  const org = suiteOrganisation(t);
  const rival = suiteOrganisation(t);
  const quiet = suiteOrganisation(t);

  const onWidget = async (
    partnerId: number,
    name: string,
    days: { start: string; end: string }[],
    types: { name: string; priceCents: number; amount: number }[],
  ) => {
    const made = await createEvent(t.db, partnerId, { name, days, types });
    await t.db.update(events).set({ activeOnWidget: true }).where(eq(events.id, made.event.id));
    return made;
  };
  const list = (partnerId: number) => t.app.inject({ method: 'GET', url: `/api/public/partners/${partnerId}/events` });

  it('lists each event soonest first with its days to come and the types on sale, in the contract shape', async () => {
    const later = await onWidget(
      org.partnerId,
      'Later',
      [
        { start: '2020-01-01T19:00:00Z', end: '2020-01-01T22:00:00Z' },
        { start: '2027-08-01T19:00:00Z', end: '2027-08-01T22:00:00Z' },
      ],
      [
        { name: 'GA', priceCents: 4550, amount: 10 },
        { name: 'Withdrawn', priceCents: 100, amount: 10 },
        { name: 'Not yet', priceCents: 100, amount: 10 },
      ],
    );
    const [ga, withdrawn, notYet] = later.types;
    await t.db.update(ticketTypes).set({ sold: 3, holdsAmount: 1 }).where(eq(ticketTypes.id, ga!.id));
    await t.db.update(ticketTypes).set({ status: false }).where(eq(ticketTypes.id, withdrawn!.id));
    await t.db
      .update(ticketTypes)
      .set({ sellingTime: new Date('2099-01-01T00:00:00Z') })
      .where(eq(ticketTypes.id, notYet!.id));

    const sooner = await onWidget(
      org.partnerId,
      'Sooner',
      [
        { start: '2027-06-02T19:00:00Z', end: '2027-06-02T22:00:00Z' },
        { start: '2027-06-01T19:00:00Z', end: '2027-06-01T22:00:00Z' },
      ],
      [{ name: 'Seat', priceCents: 1999, amount: 50 }],
    );
    await t.db
      .update(events)
      .set({ description: 'Two nights', image: 'data:image/png;base64,AA==', timeZone: 'Europe/Paris' })
      .where(eq(events.id, sooner.event.id));
    await t.db.update(eventDays).set({ quantity: 40, sold: 5 }).where(eq(eventDays.id, sooner.days[1]!.id));

    // Left out: a day already over, no type on sale, not on the widget.
    await onWidget(
      org.partnerId,
      'Over',
      [{ start: '2020-02-01T19:00:00Z', end: '2020-02-01T22:00:00Z' }],
      [{ name: 'GA', priceCents: 100, amount: 5 }],
    );
    await onWidget(
      org.partnerId,
      'Nothing on sale',
      [{ start: '2027-07-01T19:00:00Z', end: '2027-07-01T22:00:00Z' }],
      [],
    );
    await createEvent(t.db, org.partnerId, {
      name: 'Off the widget',
      days: [{ start: '2027-05-01T19:00:00Z', end: '2027-05-01T22:00:00Z' }],
      types: [{ name: 'GA', priceCents: 100, amount: 5 }],
    });

    const res = await list(org.partnerId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const card = {
      venue: 'Main Hall',
      description: '',
      image: '',
      time_zone: 'UTC',
      time_slots: false,
      seated: false,
      transfering_allowed: false,
      selling_allowed: false,
    };
    expect(res.json()).toEqual({
      success: true,
      data: [
        {
          ...card,
          ID: sooner.event.id,
          name: 'Sooner',
          description: 'Two nights',
          image: 'data:image/png;base64,AA==',
          time_zone: 'Europe/Paris',
          days: [
            {
              ID: sooner.days[1]!.id,
              start_date: '2027-06-01T19:00:00.000Z',
              end_date: '2027-06-01T22:00:00.000Z',
              left: 35,
            },
            {
              ID: sooner.days[0]!.id,
              start_date: '2027-06-02T19:00:00.000Z',
              end_date: '2027-06-02T22:00:00.000Z',
              left: null,
            },
          ],
          ticket_types: [{ ID: sooner.types[0]!.id, name: 'Seat', description: '', price: 19.99, left: 50 }],
        },
        {
          ...card,
          ID: later.event.id,
          name: 'Later',
          days: [
            {
              ID: later.days[1]!.id,
              start_date: '2027-08-01T19:00:00.000Z',
              end_date: '2027-08-01T22:00:00.000Z',
              left: null,
            },
          ],
          ticket_types: [{ ID: ga!.id, name: 'GA', description: '', price: 45.5, left: 6 }],
        },
      ],
    });
  });

  it('answers many visitors of several partners at once, each with their own list, and 404 for no partner', async () => {
    const rivals = await onWidget(
      rival.partnerId,
      'Rival night',
      [{ start: '2027-09-01T19:00:00Z', end: '2027-09-01T22:00:00Z' }],
      [{ name: 'GA', priceCents: 1000, amount: 5 }],
    );
    const asked = Array.from({ length: 60 }, (_, i) => [org.partnerId, rival.partnerId, 99_999_999][i % 3]!);
    const answers = await Promise.all(asked.map(list));
    for (const [i, res] of answers.entries()) {
      if (asked[i] === 99_999_999) {
        expect(res.statusCode).toBe(404);
        continue;
      }
      const names = (res.json().data as { name: string }[]).map((e) => e.name);
      expect(names).toEqual(asked[i] === rival.partnerId ? ['Rival night'] : ['Sooner', 'Later']);
    }
    expect((await list(rival.partnerId)).json().data[0].ticket_types[0]).toMatchObject({
      ID: rivals.types[0]!.id,
      left: 5,
    });
  });

  it('answers an organisation with nothing on its widget with an empty list', async () => {
    const res = await list(quiet.partnerId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: [] });
  });
});
