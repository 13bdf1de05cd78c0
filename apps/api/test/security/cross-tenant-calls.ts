import { eventCases } from './calls-to-events.ts';
import { gateFanAndSaleCases } from './calls-to-gates-fans-and-sales.ts';
import { organisationCases } from './calls-to-organisations.ts';
import { seatingCases } from './calls-to-seating.ts';
import type { Case } from './cross-tenant-case.ts';

export type { Call, CallBuilder, Case } from './cross-tenant-case.ts';

/**
 * Every partner and admin route, keyed as "METHOD /api/url" exactly as the route table names it.
 * Deletions use the spare objects and come after the calls that still need them, so the ordinary
 * use of every route can run in this order.
 */
export const partnerRouteCases: Record<string, Case> = {
  ...organisationCases,
  ...eventCases,
  ...gateFanAndSaleCases,
  ...seatingCases,
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
  'DELETE /api/partner/v1/seatmaps/seatmap/:id': {
    calls: (o) => [{ url: `/api/partner/v1/seatmaps/seatmap/${o.spareSeatMapId}` }],
  },
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
