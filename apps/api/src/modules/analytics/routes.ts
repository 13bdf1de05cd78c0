import { analyticsEndpoints as endpoints, type EventAnalytics } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { sendKeptAnswer } from '../../lib/kept-answer.ts';
import { ok } from '../../lib/reply.ts';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { assertPartner, requirePartnerAuth } from '../../plugins/auth.ts';
import { eventAnalyticsAnswer } from './event-analytics.ts';
import { billingHistory, partnerAnalytics } from './partner-analytics.ts';

/**
 * `/events/analytics/:partnerId` is a static segment followed by a parameter, so Fastify's router
 * prefers it to `/events/:id` whatever the registration order.
 */
export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db;

  serveEndpoint(app, endpoints.event, async (request, reply) => {
    const { partnerId } = requirePartnerAuth(request);
    // Written by the route's own serializer, as an answer it returned would be.
    const write = (answer: EventAnalytics) => reply.serialize(ok(answer)) as string;
    const answer = await eventAnalyticsAnswer(db(), partnerId, request.params.id, request.query.full_info, write);
    return sendKeptAnswer(request, reply, answer);
  });
  serveEndpoint(app, endpoints.partner, async (request) =>
    partnerAnalytics(db(), assertPartner(request, request.params.partnerId).partnerId),
  );
  serveEndpoint(app, endpoints.billing, async (request) =>
    billingHistory(db(), assertPartner(request, request.params.partnerId).partnerId),
  );
};
