import { randomUUID } from 'node:crypto';
import { PNG_DATA_URL } from '../seeders.ts';
import { future, type Tenant } from './tenants.ts';

/** One request to a route: its address with the ids filled in, and a body that passes validation. */
export type Call = {
  url: string;
  payload?: unknown;
  /**
   * For an id the body names as a reference, which the route checks as a field (422), not as the
   * object addressed (404): the same call naming an id that exists nowhere, which must be answered
   * exactly alike, so the answer tells nothing about the other organisation.
   */
  sameAsMissing?: Call;
  /**
   * The caller's own objects with one of the owner's ids mixed in (in the body, say): it must answer
   * 404, exactly like an id that does not exist, never act on the caller's objects and ignore the rest.
   */
  mixed?: true;
};

/**
 * How to call a route on `owner`'s data while signed in to `caller`'s organisation. The first call
 * names the owner in every id; any further calls keep the caller's own organisation id and name
 * only the owner's objects, the way a forged request would. Called with owner = caller, the first
 * call is the route's ordinary use.
 */
export type CallBuilder = (owner: Tenant, caller: Tenant) => Call[];

export type Case = {
  calls: CallBuilder;
  /**
   * A route that takes no id of another organisation (it is scoped by the token alone) answers 200,
   * with none of the other organisation's data.
   */
  scopedByToken?: true;
  /** What the route answers its ordinary use with, when that is not 200. */
  ownStatus?: number;
};

/** A gate's offline scans of one code, sent for a day. */
const gateSync = (dayId: number, code: string) => ({
  event_day_id: dayId,
  scans: [{ scan_id: randomUUID(), code, scanned_at: new Date().toISOString() }],
});
const woff2 = `data:font/woff2;base64,${Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(60)]).toString('base64')}`;
const missingId = 2_000_000_000;
const ticketType = (owner: Tenant, eventId: number, templateId = owner.templateId) => ({
  name: 'Late Entry',
  initial_price: 25,
  amount: 10,
  template_id: templateId,
  event_id: eventId,
});

/**
 * Every partner and admin route, keyed as "METHOD /api/url" exactly as the route table names it.
 * Deletions use the spare objects and come after the calls that still need them, so the ordinary
 * use of every route can run in this order.
 */
export const partnerRouteCases: Record<string, Case> = {
  'GET /api/members': { calls: (o) => [{ url: `/api/members?partner_id=${o.partnerId}` }] },
  'POST /api/members': {
    calls: (o, c) => [
      {
        url: '/api/members',
        payload: {
          full_name: 'New Colleague',
          email: `newcomer-${o.partnerId}@crew.test`,
          roles: [o.roles.boxOffice],
          partner_id: o.partnerId,
        },
      },
      {
        url: '/api/members',
        payload: {
          full_name: 'New Colleague',
          email: `newcomer-${c.partnerId}@crew.test`,
          roles: [c.roles.boxOffice],
          partner_id: c.partnerId,
          user_id: o.adminUserId,
        },
        mixed: true,
      },
    ],
  },
  'PATCH /api/members/:id': {
    calls: (o) => [{ url: `/api/members/${o.spareMemberId}?roles=true`, payload: { roles: [o.roles.boxOffice] } }],
  },
  'GET /api/partners/:id': { calls: (o) => [{ url: `/api/partners/${o.partnerId}` }] },
  'PUT /api/partners/:id': {
    calls: (o) => [{ url: `/api/partners/${o.partnerId}`, payload: { primary_color: '#445566' } }],
  },
  'PATCH /api/partners/:id': {
    calls: (o) => [{ url: `/api/partners/${o.partnerId}`, payload: { secondary_royalty: 0.1 } }],
  },
  'GET /api/partners/:id/tos': { calls: (o) => [{ url: `/api/partners/${o.partnerId}/tos` }] },
  'POST /api/partners/:id/tos': {
    calls: (o) => [
      {
        url: `/api/partners/${o.partnerId}/tos?file=false`,
        payload: { file: 'https://terms.example.test/v2.pdf', file_name: 'Terms v2' },
      },
    ],
  },
  'GET /api/partners/:id/stripe_link': { calls: (o) => [{ url: `/api/partners/${o.partnerId}/stripe_link` }] },
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
  'POST /api/events/:id/check-in': {
    calls: (o, c) => [
      { url: `/api/events/${o.eventId}/check-in`, payload: { code: o.gateCode, event_day_id: o.dayId } },
      { url: `/api/events/${c.eventId}/check-in`, payload: { code: o.gateCode, event_day_id: c.dayId } },
      { url: `/api/events/${c.eventId}/check-in`, payload: { code: c.gateCode, event_day_id: o.dayId }, mixed: true },
    ],
  },
  'GET /api/events/:id/check-in/days/:dayId': {
    calls: (o, c) => [
      { url: `/api/events/${o.eventId}/check-in/days/${o.dayId}` },
      { url: `/api/events/${c.eventId}/check-in/days/${o.dayId}`, mixed: true },
      { url: `/api/events/${o.eventId}/check-in/days/${c.dayId}` },
    ],
  },
  'GET /api/events/:id/check-in/days/:dayId/list': {
    calls: (o, c) => [
      { url: `/api/events/${o.eventId}/check-in/days/${o.dayId}/list` },
      { url: `/api/events/${c.eventId}/check-in/days/${o.dayId}/list`, mixed: true },
      { url: `/api/events/${o.eventId}/check-in/days/${c.dayId}/list` },
    ],
  },
  'POST /api/events/:id/check-in/sync': {
    calls: (o, c) => [
      { url: `/api/events/${o.eventId}/check-in/sync`, payload: gateSync(o.dayId, o.gateCode) },
      { url: `/api/events/${c.eventId}/check-in/sync`, payload: gateSync(o.dayId, c.gateCode), mixed: true },
      { url: `/api/events/${o.eventId}/check-in/sync`, payload: gateSync(c.dayId, c.gateCode) },
    ],
  },
  // After the check-in above, which admitted the ticket this takes back.
  'POST /api/events/:id/check-in/undo': {
    calls: (o, c) => [
      { url: `/api/events/${o.eventId}/check-in/undo`, payload: { ticket_id: o.gateTicketId, reason: 'Let in twice' } },
      {
        url: `/api/events/${c.eventId}/check-in/undo`,
        payload: { ticket_id: o.gateTicketId, reason: 'Let in twice' },
        mixed: true,
      },
      {
        url: `/api/events/${o.eventId}/check-in/undo`,
        payload: { ticket_id: c.gateTicketId, reason: 'Let in twice' },
        mixed: true,
      },
    ],
  },
  'GET /api/partners/:id/fans': { calls: (o) => [{ url: `/api/partners/${o.partnerId}/fans?search=fan` }] },
  'GET /api/analytics/fandata/:partnerId/:fanId': {
    calls: (o, c) => [
      { url: `/api/analytics/fandata/${o.partnerId}/${o.fanId}` },
      { url: `/api/analytics/fandata/${c.partnerId}/${o.fanId}` },
    ],
  },
  'GET /api/fan_notes/partners/:partnerId/:fanId': {
    calls: (o, c) => [
      { url: `/api/fan_notes/partners/${o.partnerId}/${o.fanId}` },
      { url: `/api/fan_notes/partners/${c.partnerId}/${o.fanId}` },
    ],
  },
  'POST /api/fan_notes': {
    calls: (o, c) => [
      { url: '/api/fan_notes', payload: { user_id: o.fanId, partner_id: o.partnerId, note: 'Called about parking' } },
      { url: '/api/fan_notes', payload: { user_id: o.fanId, partner_id: c.partnerId, note: 'Called about parking' } },
      {
        url: '/api/fan_notes',
        payload: {
          user_id: c.fanId,
          partner_id: c.partnerId,
          member_id: o.adminMemberId,
          note: 'Called about parking',
        },
        mixed: true,
      },
    ],
  },
  'GET /api/users/confirm_identity/:fanId/:partnerId': {
    calls: (o, c) => [
      { url: `/api/users/confirm_identity/${o.fanId}/${o.partnerId}?channel=email` },
      { url: `/api/users/confirm_identity/${o.fanId}/${c.partnerId}?channel=email` },
    ],
  },
  'POST /api/users/confirm_identity/:fanId/:partnerId': {
    // The PIN itself went to the fan; a wrong one is what proves the route was reached.
    ownStatus: 422,
    calls: (o, c) => [
      { url: `/api/users/confirm_identity/${o.fanId}/${o.partnerId}`, payload: { pin: '000000' } },
      { url: `/api/users/confirm_identity/${o.fanId}/${c.partnerId}`, payload: { pin: '000000' } },
    ],
  },
  'POST /api/partners/:id/fans/:fanId/reset-password': {
    calls: (o, c) => [
      { url: `/api/partners/${o.partnerId}/fans/${o.fanId}/reset-password` },
      { url: `/api/partners/${c.partnerId}/fans/${o.fanId}/reset-password` },
    ],
  },
  'GET /api/orders': {
    scopedByToken: true,
    calls: (o) => [
      { url: `/api/orders?date=all_time&search=${encodeURIComponent(o.fanEmail)}` },
      { url: `/api/orders?date=all_time&search=${encodeURIComponent(o.fanName)}` },
    ],
  },
  'GET /api/analytics/slot_quantity/:partnerId': {
    calls: (o) => [{ url: `/api/analytics/slot_quantity/${o.partnerId}` }],
  },
  'GET /api/transactions/tickets_for_refund/:partnerId/:fanId': {
    calls: (o, c) => [
      { url: `/api/transactions/tickets_for_refund/${o.partnerId}/${o.fanId}` },
      { url: `/api/transactions/tickets_for_refund/${c.partnerId}/${o.fanId}` },
    ],
  },
  'GET /api/transactions/tickets_for_refund/ticket_type/:eventId/:fanId': {
    calls: (o, c) => [
      { url: `/api/transactions/tickets_for_refund/ticket_type/${o.eventId}/${o.fanId}` },
      { url: `/api/transactions/tickets_for_refund/ticket_type/${c.eventId}/${o.fanId}` },
    ],
  },
  'POST /api/financial/refund': {
    calls: (o, c) => [
      { url: '/api/financial/refund', payload: { ticket_ids: [o.refundTicketId], amount: 10 } },
      {
        url: '/api/financial/refund',
        payload: { ticket_ids: [c.refundTicketId, o.refundTicketId], amount: 10 },
        mixed: true,
      },
    ],
  },
  'GET /api/events/:id/analytics': { calls: (o) => [{ url: `/api/events/${o.eventId}/analytics?full_info=true` }] },
  'GET /api/events/analytics/:partnerId': { calls: (o) => [{ url: `/api/events/analytics/${o.partnerId}` }] },
  'GET /api/analytics/billing/:partnerId': { calls: (o) => [{ url: `/api/analytics/billing/${o.partnerId}` }] },
  'GET /api/partners/:id/widget': { calls: (o) => [{ url: `/api/partners/${o.partnerId}/widget` }] },
  'PUT /api/partners/:id/widget': {
    calls: (o) => [{ url: `/api/partners/${o.partnerId}/widget`, payload: { text_brand_color: '#101010' } }],
  },
  'PATCH /api/partners/:id/widget': {
    calls: (o) => [{ url: `/api/partners/${o.partnerId}/widget`, payload: { website_url: 'https://tickets.test' } }],
  },
  'POST /api/partners/:id/widget/fonts': {
    calls: (o) => [
      { url: `/api/partners/${o.partnerId}/widget/fonts`, payload: { family: 'House Sans', file: woff2 } },
    ],
  },
  'DELETE /api/promocodes/detach/:promoId/:ticketTypeId': {
    calls: (o, c) => [
      { url: `/api/promocodes/detach/${o.promoId}/${o.typeId}` },
      { url: `/api/promocodes/detach/${c.promoId}/${o.typeId}` },
    ],
  },
  'DELETE /api/sponsors/:id': { calls: (o) => [{ url: `/api/sponsors/${o.sponsorId}` }] },
  'DELETE /api/partners/:id/tos/:docId': {
    calls: (o, c) => [
      { url: `/api/partners/${o.partnerId}/tos/${o.tosId}` },
      { url: `/api/partners/${c.partnerId}/tos/${o.tosId}` },
    ],
  },
  'DELETE /api/ticket_types/:id': { calls: (o) => [{ url: `/api/ticket_types/${o.spareTypeId}` }] },
  'DELETE /api/events/days/:dayId': { calls: (o) => [{ url: `/api/events/days/${o.spareDayId}` }] },
  'DELETE /api/events/:id': { calls: (o) => [{ url: `/api/events/${o.spareEventId}` }] },
  'DELETE /api/members/:id': { calls: (o) => [{ url: `/api/members/${o.spareMemberId}` }] },
};

/** The signed-in user's routes that name another person's objects or another organisation. */
export const userRouteCases: Record<string, Case> = {
  'POST /api/login/partner': { calls: (o) => [{ url: '/api/login/partner', payload: { partner_id: o.partnerId } }] },
  'GET /api/users/:id': {
    calls: (o) => [{ url: `/api/users/${o.adminUserId}` }, { url: `/api/users/${o.fanId}` }],
  },
  'PUT /api/users/:id': {
    calls: (o) => [{ url: `/api/users/${o.adminUserId}`, payload: { status: true, firebase_id: 'someone-else' } }],
  },
  'POST /api/holder/tickets/:id/transfer': {
    calls: (o) => [
      {
        url: `/api/holder/tickets/${o.refundTicketId}/transfer`,
        payload: { email: 'taker@fans.test', full_name: 'T' },
      },
    ],
  },
  'GET /api/holder/tickets/:id/pdf': { calls: (o) => [{ url: `/api/holder/tickets/${o.refundTicketId}/pdf` }] },
  'POST /api/holder/tickets/:id/resale': {
    calls: (o) => [{ url: `/api/holder/tickets/${o.refundTicketId}/resale`, payload: { price: 10 } }],
  },
  'DELETE /api/holder/tickets/:id/resale': {
    calls: (o) => [{ url: `/api/holder/tickets/${o.listedTicketId}/resale` }],
  },
  'GET /api/holder/partners/:id/tickets': {
    scopedByToken: true,
    calls: (o) => [{ url: `/api/holder/partners/${o.partnerId}/tickets` }],
  },
  'POST /api/holder/partners/:id/tickets/:ticketId/transfer': {
    calls: (o, c) =>
      [o, c].map((p) => ({
        url: `/api/holder/partners/${p.partnerId}/tickets/${o.refundTicketId}/transfer`,
        payload: { email: 'taker@fans.test', full_name: 'T' },
      })),
  },
  'GET /api/holder/partners/:id/tickets/:ticketId/pdf': {
    calls: (o, c) =>
      [o, c].map((p) => ({ url: `/api/holder/partners/${p.partnerId}/tickets/${o.refundTicketId}/pdf` })),
  },
  'POST /api/holder/partners/:id/tickets/:ticketId/resale': {
    calls: (o, c) =>
      [o, c].map((p) => ({
        url: `/api/holder/partners/${p.partnerId}/tickets/${o.refundTicketId}/resale`,
        payload: { price: 10 },
      })),
  },
  'DELETE /api/holder/partners/:id/tickets/:ticketId/resale': {
    calls: (o, c) =>
      [o, c].map((p) => ({ url: `/api/holder/partners/${p.partnerId}/tickets/${o.listedTicketId}/resale` })),
  },
};
