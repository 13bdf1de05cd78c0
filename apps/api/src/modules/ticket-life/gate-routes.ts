import { checkInEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { requirePartnerAuth } from '../../plugins/auth.ts';
import { checkIn } from './check-in.ts';
import { checkInCount } from './check-in-count.ts';
import { syncCheckIns } from './check-in-sync.ts';
import { undoCheckIn } from './check-in-undo.ts';
import { gateList } from './gate-list.ts';

/** The gate of an event day: admitting online, the day's list for a gate offline, its sync and undo. */
export const gateRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  serveEndpoint(app, endpoints.admit, async (request) => {
    const auth = requirePartnerAuth(request);
    const { code, event_day_id } = request.body;
    return checkIn(db(), app.ticketPasses, auth.partnerId, auth.memberId, request.params.id, event_day_id, code);
  });
  serveEndpoint(app, endpoints.count, async (request) =>
    checkInCount(db(), requirePartnerAuth(request).partnerId, request.params.id, request.params.dayId),
  );
  serveEndpoint(app, endpoints.list, async (request) => {
    const { partnerId } = requirePartnerAuth(request);
    return gateList(db(), app.ticketPasses, partnerId, request.params.id, request.params.dayId);
  });
  serveEndpoint(app, endpoints.sync, async (request) => {
    const auth = requirePartnerAuth(request);
    return syncCheckIns(db(), app.ticketPasses, auth.partnerId, auth.memberId, request.params.id, request.body);
  });
  serveEndpoint(app, endpoints.undo, async (request) => {
    const auth = requirePartnerAuth(request);
    const { ticket_id, reason } = request.body;
    return undoCheckIn(db(), auth.partnerId, auth.memberId, request.params.id, ticket_id, reason);
  });
};
