import { envelope, idParamsSchema, partnerSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error.ts';
import { assertPartner } from '../../plugins/auth.ts';
import { getPartner } from './service.ts';

export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/partners/:id',
    {
      config: { access: 'partner' },
      schema: {
        tags: ['partners'],
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: envelope(partnerSchema) },
      },
    },
    async (request) => {
      assertPartner(request, request.params.id);
      const partner = await getPartner(app.database.db, request.params.id);
      if (!partner) throw notFound('Partner');
      return { success: true as const, data: partner };
    },
  );
};
