import { randomUUID } from 'node:crypto';
import type { CallBuilder, Case } from './cross-tenant-case.ts';
import type { Tenant } from './tenants.ts';

/** A gate's offline scans of one code, sent for a day. */
const gateSync = (dayId: number, code: string) => ({
  event_day_id: dayId,
  scans: [{ scan_id: randomUUID(), code, scanned_at: new Date().toISOString() }],
});

/**
 * A route on the owner's fan, under the organisation (or event) `url` takes from the tenant given: the
 * owner's, then the caller's own.
 */
const onOwnersFan =
  (url: (scope: Tenant, fanId: number) => string, payload?: object): CallBuilder =>
  (o, c) =>
    [o, c].map((scope) => ({ url: url(scope, o.fanId), ...(payload ? { payload } : {}) }));
const woff2 = `data:font/woff2;base64,${Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(60)]).toString('base64')}`;

/** The routes of the gate, the fans, orders, refunds, analytics and the widget. */
export const gateFanAndSaleCases: Record<string, Case> = {
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
    calls: onOwnersFan((t, fanId) => `/api/analytics/fandata/${t.partnerId}/${fanId}`),
  },
  'GET /api/fan_notes/partners/:partnerId/:fanId': {
    calls: onOwnersFan((t, fanId) => `/api/fan_notes/partners/${t.partnerId}/${fanId}`),
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
    calls: onOwnersFan((t, fanId) => `/api/users/confirm_identity/${fanId}/${t.partnerId}?channel=email`),
  },
  'POST /api/users/confirm_identity/:fanId/:partnerId': {
    // The PIN itself went to the fan; a wrong one is what proves the route was reached.
    ownStatus: 422,
    calls: onOwnersFan((t, fanId) => `/api/users/confirm_identity/${fanId}/${t.partnerId}`, { pin: '000000' }),
  },
  'POST /api/partners/:id/fans/:fanId/reset-password': {
    calls: onOwnersFan((t, fanId) => `/api/partners/${t.partnerId}/fans/${fanId}/reset-password`),
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
    calls: onOwnersFan((t, fanId) => `/api/transactions/tickets_for_refund/${t.partnerId}/${fanId}`),
  },
  'GET /api/transactions/tickets_for_refund/ticket_type/:eventId/:fanId': {
    calls: onOwnersFan((t, fanId) => `/api/transactions/tickets_for_refund/ticket_type/${t.eventId}/${fanId}`),
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
};
