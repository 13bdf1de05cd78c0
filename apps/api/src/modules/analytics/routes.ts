import { analyticsEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sendKeptAnswer } from '../../lib/kept-answer.ts';
import { ok } from '../../lib/reply.ts';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { assertPartner, requirePartnerAuth } from '../../plugins/auth.ts';
import { eventAnalyticsAnswer } from './event-analytics.ts';
import { billingAnswer, partnerAnalyticsAnswer } from './partner-analytics.ts';

/**
 * `/events/analytics/:partnerId` is a static segment followed by a parameter, so Fastify's router
 * prefers it to `/events/:id` whatever the registration order.
 */
export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db;

  // Each answer is written by the route's own serializer, as an answer it returned would be.
  const writer = (reply: FastifyReply) => (answer: unknown) => reply.serialize(ok(answer)) as string;

  serveEndpoint(app, endpoints.event, async (request, reply) => {
    const { partnerId } = requirePartnerAuth(request);
    const { id } = request.params;
    const answer = await eventAnalyticsAnswer(db(), partnerId, id, request.query.full_info, writer(reply));
    return sendKeptAnswer(request, reply, answer);
  });
  serveEndpoint(app, endpoints.partner, async (request, reply) => {
    const { partnerId } = assertPartner(request, request.params.partnerId);
    return sendKeptAnswer(request, reply, await partnerAnalyticsAnswer(db(), partnerId, writer(reply)));
  });
  serveEndpoint(app, endpoints.billing, async (request, reply) => {
    const { partnerId } = assertPartner(request, request.params.partnerId);
    return sendKeptAnswer(request, reply, await billingAnswer(db(), partnerId, writer(reply)));
  });
};
