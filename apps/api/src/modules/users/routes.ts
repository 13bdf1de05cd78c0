import { envelope, idParamsSchema, updateUserBodySchema, userSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound, unauthenticated } from '../../lib/http-error.ts';
import { requireUser } from '../../plugins/auth.ts';
import { getUserWithPartners } from './service.ts';
import { ok } from '../../lib/reply.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec's portal finds itself in this list by its stored userId; nobody else's record is listed.
  app.get(
    '/users',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Read the signed-in user and their organizations',
        tags: ['users'],
        response: { 200: envelope(z.array(userSchema)) },
      },
    },
    async (request) => {
      const user = await getUserWithPartners(app.database.db, requireUser(request).userId);
      if (!user) throw unauthenticated();
      return ok([user]);
    },
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Read the signed-in user by id',
        tags: ['users'],
        params: idParamsSchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      if (request.params.id !== auth.userId) throw notFound('User');
      const user = await getUserWithPartners(app.database.db, auth.userId);
      if (!user) throw notFound('User');
      return ok(user);
    },
  );

  // The invite page marks the invitee's own account active (spec: PUT /users/{user_id}).
  app.put(
    '/users/:id',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Mark the signed-in user’s account active or inactive',
        tags: ['users'],
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      if (request.params.id !== auth.userId) throw notFound('User');
      if (request.body.firebase_id !== auth.uid)
        throw invalid('firebase_id does not match the signed-in user.', { firebase_id: 'does not match' });
      await app.database.db.update(users).set({ status: request.body.status }).where(eq(users.id, auth.userId));
      const user = await getUserWithPartners(app.database.db, auth.userId);
      if (!user) throw notFound('User');
      return ok(user);
    },
  );
};
