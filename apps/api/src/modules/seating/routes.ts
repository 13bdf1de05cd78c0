import { seatingEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { requirePartnerAuth } from '../../plugins/auth.ts';
import { daySeats } from './day-seats.ts';
import { getEventSeating, setEventSeating } from './event-seating.ts';
import { holdSeats, releaseHold } from './holds.ts';

export const seatingRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db;

  serveEndpoint(app, endpoints.get, async (request) =>
    getEventSeating(db(), requirePartnerAuth(request).partnerId, request.params.id),
  );
  serveEndpoint(app, endpoints.set, async (request) =>
    setEventSeating(db(), requirePartnerAuth(request).partnerId, request.params.id, request.body),
  );
  serveEndpoint(app, endpoints.daySeats, async (request) => daySeats(db(), request.params.id, request.params.dayId));
  serveEndpoint(app, endpoints.hold, async (request) =>
    holdSeats(db(), request.params.id, request.params.dayId, request.body),
  );
  serveEndpoint(app, endpoints.release, async (request) => releaseHold(db(), request.params.hold));
};
