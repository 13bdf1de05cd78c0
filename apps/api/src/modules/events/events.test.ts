import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventListItemSchema, eventsByPeriodSchema } from '@portal/contract';
import { bearer, createEvent, createPartnerWithAdmin } from '../../../test/seeders.ts';
import { suiteApp, suiteOrganisation } from '../../../test/suite.ts';
import { periodOf } from '../../lib/periods.ts';

describe('GET /events', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t);

  beforeAll(async () => {
    const other = await createPartnerWithAdmin(t.db);
    await createEvent(t.db, org.partnerId, {
      name: 'Late',
      days: [{ start: '2027-03-05T19:00:00Z', end: '2027-03-05T22:00:00Z' }],
      types: [
        { name: 'GA', priceCents: 2550, amount: 100 },
        { name: 'VIP', priceCents: 10000, amount: 10 },
      ],
    });
    await createEvent(t.db, org.partnerId, {
      name: 'Early multi-day',
      days: [
        { start: '2027-01-10T10:00:00Z', end: '2027-01-10T18:00:00Z' },
        { start: '2027-01-11T10:00:00Z', end: '2027-01-11T18:00:00Z' },
      ],
    });
    await createEvent(t.db, org.partnerId, {
      name: 'New Year in Los Angeles',
      timeZone: 'America/Los_Angeles',
      // 1 January in UTC, still 31 December where it happens.
      days: [{ start: '2027-01-01T05:00:00Z', end: '2027-01-01T07:00:00Z' }],
    });
    await createEvent(t.db, other.partner.id, {
      name: 'Not mine',
      days: [{ start: '2027-01-02T10:00:00Z', end: '2027-01-02T12:00:00Z' }],
    });
  });

  it('lists the partner’s events oldest first with days, ticket types and budget in dollars', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events?partner_id=${org.partnerId}`,
      headers: bearer(org.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // The database writes this answer: it must be the contract's shape, field for field.
    const events = z.array(eventListItemSchema.strict()).parse(res.json().data);
    expect(events.map((e) => e.name)).toEqual(['New Year in Los Angeles', 'Early multi-day', 'Late']);
    const [, early, late] = events;
    expect(late!.total_event_budget).toBe(3550);
    expect(late!.ticket_types.map((t) => t.name)).toEqual(['GA', 'VIP']);
    expect(early!.event_days).toHaveLength(2);
    expect(early!.start_date).toBe('2027-01-10T10:00:00.000Z');
  });

  it('groups by "MMMM YYYY" in each event’s own time zone when ordered=true', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events?partner_id=${org.partnerId}&ordered=true`,
      headers: bearer(org.token),
    });
    const groups = eventsByPeriodSchema.parse(res.json().data);
    for (const group of groups)
      for (const event of group.events) {
        expect(eventListItemSchema.strict().parse(event)).toEqual(event);
        expect(group.period).toBe(periodOf(event.start_date, event.time_zone));
      }
    expect(groups.map((g) => g.period)).toEqual(['December 2026', 'January 2027', 'March 2027']);
    expect(groups[1]!.events.map((e) => e.name)).toEqual(['Early multi-day']);
  });

  it('needs the partner_id of the token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/events', headers: bearer(org.token) });
    expect(res.statusCode).toBe(422);
  });
});

describe('period grouping', () => {
  it('formats periods as full month and year', () => {
    expect(periodOf('2026-07-01T12:00:00Z', 'UTC')).toBe('July 2026');
    expect(periodOf('2026-07-01T02:00:00Z', 'America/New_York')).toBe('June 2026');
  });
});
