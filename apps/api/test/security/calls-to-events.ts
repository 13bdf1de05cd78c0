import { PNG_DATA_URL } from '../seeders.ts';
import type { Case } from './cross-tenant-case.ts';
import { future, type Tenant } from './tenants.ts';

const missingId = 2_000_000_000;
const ticketType = (owner: Tenant, eventId: number, templateId = owner.templateId) => ({
  name: 'Late Entry',
  initial_price: 25,
  amount: 10,
  template_id: templateId,
  event_id: eventId,
});

/** The routes of events and what they sell: days, support, sponsors, ticket types, designs and promo codes. */
export const eventCases: Record<string, Case> = {
  'GET /api/events': { calls: (o) => [{ url: `/api/events?partner_id=${o.partnerId}&ordered=true` }] },
  'GET /api/events/recurrence-preview': {
    // Dates from a rule: nothing of any organisation's.
    scopedByToken: true,
    calls: () => [
      {
        url: `/api/events/recurrence-preview?${new URLSearchParams({ rrule: 'FREQ=WEEKLY;COUNT=3', start_date: '2027-01-05T19:00:00Z', time_zone: 'Europe/London' })}`,
      },
    ],
  },
  'POST /api/events': {
    calls: (o) => [
      {
        url: '/api/events',
        payload: {
          name: 'Encore',
          venue: 'Side Stage',
          event_type: 'concert',
          time_zone: 'UTC',
          partner_id: o.partnerId,
          event_days: [{ start_date: future(120), end_date: future(120.1) }],
        },
      },
    ],
  },
  'GET /api/events/:id': { calls: (o) => [{ url: `/api/events/${o.eventId}?promocode=true` }] },
  'PUT /api/events/:id': { calls: (o) => [{ url: `/api/events/${o.eventId}`, payload: { venue: 'Moved Hall' } }] },
  'PUT /api/events/days/:dayId': {
    calls: (o, c) => [
      { url: `/api/events/days/${o.spareDayId}`, payload: { start_date: future(92), end_date: future(92.1) } },
      {
        url: `/api/events/days/${o.spareDayId}`,
        payload: { event_id: c.spareEventId, start_date: future(92), end_date: future(92.1) },
      },
      {
        url: `/api/events/days/${c.spareDayId}`,
        payload: { event_id: o.spareEventId, start_date: future(92), end_date: future(92.1) },
        mixed: true,
      },
    ],
  },
  'GET /api/support/events/:id': { calls: (o) => [{ url: `/api/support/events/${o.eventId}` }] },
  'POST /api/support': {
    calls: (o) => [{ url: '/api/support', payload: { event_id: o.eventId, contact: 'desk@help.test' } }],
  },
  'PUT /api/support/:id': {
    calls: (o, c) => [
      { url: `/api/support/${o.supportId}`, payload: { event_id: o.eventId, contact: 'desk@help.test' } },
      { url: `/api/support/${o.supportId}`, payload: { event_id: c.eventId, contact: 'desk@help.test' } },
      { url: `/api/support/${c.supportId}`, payload: { event_id: o.eventId, contact: 'desk@help.test' }, mixed: true },
    ],
  },
  'POST /api/sponsors': {
    calls: (o) => [{ url: '/api/sponsors', payload: { event_id: o.eventId, name: 'Bakery', image: '' } }],
  },
  'PUT /api/sponsors/:id': {
    calls: (o, c) => [
      { url: `/api/sponsors/${o.sponsorId}`, payload: { event_id: o.eventId, name: 'Bakery', image: '' } },
      { url: `/api/sponsors/${o.sponsorId}`, payload: { event_id: c.eventId, name: 'Bakery', image: '' } },
      { url: `/api/sponsors/${c.sponsorId}`, payload: { event_id: o.eventId, name: 'Bakery', image: '' }, mixed: true },
    ],
  },
  'POST /api/ticket_types': {
    calls: (o, c) => [
      { url: '/api/ticket_types', payload: [ticketType(o, o.spareEventId)] },
      { url: '/api/ticket_types', payload: [ticketType(o, o.spareEventId, c.templateId)] },
      {
        url: '/api/ticket_types',
        payload: [ticketType(c, c.spareEventId), ticketType(c, o.spareEventId)],
        mixed: true,
      },
      {
        url: '/api/ticket_types',
        payload: [ticketType(o, c.spareEventId)],
        sameAsMissing: { url: '/api/ticket_types', payload: [ticketType(o, c.spareEventId, missingId)] },
      },
    ],
  },
  'PUT /api/ticket_types/:id': {
    calls: (o, c) => [
      { url: `/api/ticket_types/${o.spareTypeId}`, payload: ticketType(o, o.spareEventId) },
      { url: `/api/ticket_types/${o.spareTypeId}`, payload: ticketType(c, c.spareEventId) },
      { url: `/api/ticket_types/${c.spareTypeId}`, payload: ticketType(c, o.spareEventId), mixed: true },
    ],
  },
  'GET /api/templates': { calls: (o) => [{ url: `/api/templates?partner_id=${o.partnerId}` }] },
  'POST /api/templates': {
    calls: (o) => [
      {
        url: '/api/templates',
        payload: { partner_id: o.partnerId, image: PNG_DATA_URL },
      },
    ],
  },
  'GET /api/promocodes': { calls: (o) => [{ url: `/api/promocodes?partner_id=${o.partnerId}` }] },
  'GET /api/promocodes/:id': { calls: (o) => [{ url: `/api/promocodes/${o.promoId}` }] },
  'POST /api/promocodes': {
    calls: (o) => [
      {
        url: '/api/promocodes',
        payload: {
          code: `SUMMER${o.partnerId}`,
          discount: 5,
          coupon_type: 'flat',
          start_date: future(1),
          end_date: future(10),
          partner_id: o.partnerId,
        },
      },
    ],
  },
  'PUT /api/promocodes/:id': {
    calls: (o, c) => [
      { url: `/api/promocodes/${o.promoId}`, payload: { active: false, partner_id: o.partnerId } },
      { url: `/api/promocodes/${o.promoId}`, payload: { active: false, partner_id: c.partnerId } },
      { url: `/api/promocodes/${o.promoId}`, payload: { active: false } },
      { url: `/api/promocodes/${c.promoId}`, payload: { active: false, partner_id: o.partnerId }, mixed: true },
    ],
  },
  'POST /api/promocodes/:id/attach': {
    calls: (o, c) => [
      { url: `/api/promocodes/${o.promoId}/attach`, payload: [{ id: o.spareTypeId, quantity: 2 }] },
      { url: `/api/promocodes/${c.promoId}/attach`, payload: [{ id: o.spareTypeId, quantity: 2 }] },
      { url: `/api/promocodes/${o.promoId}/attach`, payload: [{ id: c.spareTypeId, quantity: 2 }] },
      {
        url: `/api/promocodes/${c.promoId}/attach`,
        payload: [
          { id: c.spareTypeId, quantity: 2 },
          { id: o.spareTypeId, quantity: 2 },
        ],
        mixed: true,
      },
    ],
  },
};
