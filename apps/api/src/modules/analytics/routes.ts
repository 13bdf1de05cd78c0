import {
  analyticsPartnerParamsSchema,
  billingRowSchema,
  envelope,
  eventAnalyticsQuerySchema,
  eventAnalyticsSchema,
  idParamsSchema,
  partnerAnalyticsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { assertPartner, requirePartnerAuth } from '../../plugins/auth.ts';
import { eventAnalytics } from './event-analytics.ts';
import { billingHistory, partnerAnalytics } from './partner-analytics.ts';

/**
 * `/events/analytics/:partnerId` is a static segment followed by a parameter, so Fastify's router
 * prefers it to `/events/:id` whatever the registration order.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['analytics'];
  const config = { access: 'partner', permission: 'view_analytics' } as const;
  const db = () => app.database.db;

  app.get(
    '/events/:id/analytics',
    {
      config,
      schema: {
        summary: 'Read an event’s sales and attendance',
        tags,
        params: idParamsSchema,
        querystring: eventAnalyticsQuerySchema,
        response: { 200: envelope(eventAnalyticsSchema) },
      },
    },
    async (request) => {
      const { partnerId } = requirePartnerAuth(request);
      return ok(await eventAnalytics(db(), partnerId, request.params.id, request.query.full_info));
    },
  );

  app.get(
    '/events/analytics/:partnerId',
    {
      config,
      schema: {
        summary: 'Read an organization’s sales across its events',
        tags,
        params: analyticsPartnerParamsSchema,
        response: { 200: envelope(partnerAnalyticsSchema) },
      },
    },
    async (request) => ok(await partnerAnalytics(db(), assertPartner(request, request.params.partnerId).partnerId)),
  );

  app.get(
    '/analytics/billing/:partnerId',
    {
      config,
      schema: {
        summary: 'List an organization’s billing history',
        tags,
        params: analyticsPartnerParamsSchema,
        response: { 200: envelope(z.array(billingRowSchema)) },
      },
    },
    async (request) => ok(await billingHistory(db(), assertPartner(request, request.params.partnerId).partnerId)),
  );
};
