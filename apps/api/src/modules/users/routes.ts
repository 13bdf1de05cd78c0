import { userEndpoints as endpoints } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { users } from '../../db/schema/index.ts';
import { invalid, notFound, unauthenticated } from '../../lib/http-error.ts';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { requireUser } from '../../plugins/auth.ts';
import { getUserWithPartners } from './service.ts';

export const usersRoutes: FastifyPluginAsync = async (app) => {
  // The spec's portal finds itself in this list by its stored userId; nobody else's record is listed.
  serveEndpoint(app, endpoints.list, async (request) => {
    const user = await getUserWithPartners(app.database.db, requireUser(request).userId);
    if (!user) throw unauthenticated();
    return [user];
  });

  serveEndpoint(app, endpoints.get, async (request) => {
    const auth = requireUser(request);
    if (request.params.id !== auth.userId) throw notFound('User');
    const user = await getUserWithPartners(app.database.db, auth.userId);
    if (!user) throw notFound('User');
    return user;
  });

  // The invite page marks the invitee's own account active (spec: PUT /users/{user_id}).
  serveEndpoint(app, endpoints.update, async (request) => {
    const auth = requireUser(request);
    if (request.params.id !== auth.userId) throw notFound('User');
    if (request.body.firebase_id !== auth.uid)
      throw invalid('firebase_id does not match the signed-in user.', { firebase_id: 'does not match' });
    await app.database.db.update(users).set({ status: request.body.status }).where(eq(users.id, auth.userId));
    const user = await getUserWithPartners(app.database.db, auth.userId);
    if (!user) throw notFound('User');
    return user;
  });
};
