import { envelope, idParamsSchema, userSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, unauthenticated } from '../../lib/http-error.ts';
import { requireUser } from '../../plugins/auth.ts';
import { getUserWithPartners } from './service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];

  // The spec's portal finds itself in this list by its stored userId; nobody else's record is listed.
  app.get(
    '/users',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], security, response: { 200: envelope(z.array(userSchema)) } },
    },
    async (request) => {
      const user = await getUserWithPartners(app.database.db, requireUser(request).userId);
      if (!user) throw unauthenticated();
      return { success: true as const, data: [user] };
    },
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], security, params: idParamsSchema, response: { 200: envelope(userSchema) } },
    },
    async (request) => {
      const auth = requireUser(request);
      if (request.params.id !== auth.userId) throw notFound('User');
      const user = await getUserWithPartners(app.database.db, auth.userId);
      if (!user) throw notFound('User');
      return { success: true as const, data: user };
    },
  );
};
