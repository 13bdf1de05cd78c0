import { analyticsEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { assertPartner, requirePartnerAuth } from '../../plugins/auth.ts';
import { eventAnalytics } from './event-analytics.ts';
import { billingHistory, partnerAnalytics } from './partner-analytics.ts';

/**
 * `/events/analytics/:partnerId` is a static segment followed by a parameter, so Fastify's router
 * prefers it to `/events/:id` whatever the registration order.
 */
export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db;

  serveEndpoint(app, endpoints.event, async (request) =>
    eventAnalytics(db(), requirePartnerAuth(request).partnerId, request.params.id, request.query.full_info),
  );
  serveEndpoint(app, endpoints.partner, async (request) =>
    partnerAnalytics(db(), assertPartner(request, request.params.partnerId).partnerId),
  );
  serveEndpoint(app, endpoints.billing, async (request) =>
    billingHistory(db(), assertPartner(request, request.params.partnerId).partnerId),
  );
};
