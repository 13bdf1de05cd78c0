import type { Case } from './cross-tenant-case.ts';
import { seatLayout, type Tenant } from './tenants.ts';

const seatMap = '/api/partner/v1/seatmaps/seatmap';
/** A hall plan: with the tenant's own ids it is their map as it is, every seat kept. */
const layout = (owner: Tenant, ids: { categoryId?: number; sectionId?: number } = {}) =>
  seatLayout(`map${owner.partnerId}`, ids);

/** Seat maps and an event's seating; the map's deletion is with the other deletions, last. */
export const seatingCases: Record<string, Case> = {
  'GET /api/partner/v1/seatmaps/seatmaps': {
    scopedByToken: true,
    calls: () => [{ url: '/api/partner/v1/seatmaps/seatmaps' }],
  },
  'GET /api/partner/v1/seatmaps/seatmap': { calls: (o) => [{ url: `${seatMap}?id=${o.seatMapId}` }] },
  'POST /api/partner/v1/seatmaps/seatmap': {
    // A new map is the caller's own; one naming another organisation's category or section is refused.
    calls: (o, c) =>
      o === c
        ? [{ url: seatMap, payload: layout(o) }]
        : [
            { url: seatMap, payload: layout(c, { categoryId: o.seatCategoryId }), mixed: true },
            { url: seatMap, payload: layout(c, { sectionId: o.seatSectionId }), mixed: true },
          ],
  },
  'PUT /api/partner/v1/seatmaps/seatmap/:id': {
    calls: (o, c) => [
      {
        url: `${seatMap}/${o.seatMapId}`,
        payload: layout(o, { categoryId: o.seatCategoryId, sectionId: o.seatSectionId }),
      },
      {
        url: `${seatMap}/${c.seatMapId}`,
        payload: layout(c, { categoryId: o.seatCategoryId, sectionId: c.seatSectionId }),
        mixed: true,
      },
    ],
  },
  'GET /api/events/:id/seating': { calls: (o) => [{ url: `/api/events/${o.eventId}/seating` }] },
  'PUT /api/events/:id/seating': {
    calls: (o, c) => [
      {
        url: `/api/events/${o.eventId}/seating`,
        payload: { seat_map_id: o.seatMapId, ticket_types: [{ ID: o.typeId, seat_category_id: o.seatCategoryId }] },
      },
      { url: `/api/events/${c.eventId}/seating`, payload: { seat_map_id: o.seatMapId, ticket_types: [] }, mixed: true },
      {
        url: `/api/events/${c.eventId}/seating`,
        payload: { seat_map_id: c.seatMapId, ticket_types: [{ ID: c.typeId, seat_category_id: o.seatCategoryId }] },
        mixed: true,
      },
    ],
  },
  'GET /api/events/:id/days/:dayId/seats': {
    calls: (o, c) => [
      { url: `/api/events/${o.eventId}/days/${o.dayId}/seats` },
      { url: `/api/events/${c.eventId}/days/${o.dayId}/seats`, mixed: true },
    ],
  },
  'PUT /api/events/:id/days/:dayId/held-seats': {
    calls: (o, c) => [
      { url: `/api/events/${o.eventId}/days/${o.dayId}/held-seats`, payload: { seat_ids: [o.seatIds[0]] } },
      { url: `/api/events/${c.eventId}/days/${o.dayId}/held-seats`, payload: { seat_ids: [] }, mixed: true },
      {
        url: `/api/events/${c.eventId}/days/${c.dayId}/held-seats`,
        payload: { seat_ids: [c.seatIds[0], o.seatIds[1]] },
        mixed: true,
      },
    ],
  },
};
