import { envelope, eventsQuerySchema, eventsResponseSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertPartner } from '../../plugins/auth.ts';
import { groupByPeriod, listEvents } from './list.ts';

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      config: { access: 'partner' },
      schema: {
        tags: ['events'],
        security: [{ bearer: [] }],
        querystring: eventsQuerySchema,
        response: { 200: envelope(eventsResponseSchema) },
      },
    },
    async (request) => {
      const { partner_id, ordered } = request.query;
      assertPartner(request, partner_id);
      const items = await listEvents(app.database.db, partner_id);
      return { success: true as const, data: ordered ? groupByPeriod(items) : items };
    },
  );
};
