import { seatHoldMinutes, seatingEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { requirePartnerAuth } from '../../plugins/auth.ts';
import { daySeats } from './day-seats.ts';
import { getEventSeating, setEventSeating } from './event-seating.ts';
import { holdSeats, releaseHold } from './holds.ts';
import { daySeatStates, setHeldSeats } from './seat-states.ts';

/** Holds one address may make on one event while a hold lasts: a family changing its mind, not a hall. */
const holdsPerAddress = 60;

export const seatingRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db;

  serveEndpoint(app, endpoints.get, async (request) =>
    getEventSeating(db(), requirePartnerAuth(request).partnerId, request.params.id),
  );
  serveEndpoint(app, endpoints.set, async (request) =>
    setEventSeating(db(), requirePartnerAuth(request).partnerId, request.params.id, request.body),
  );
  serveEndpoint(app, endpoints.seatStates, async (request) =>
    daySeatStates(db(), requirePartnerAuth(request).partnerId, request.params.id, request.params.dayId),
  );
  serveEndpoint(app, endpoints.setHeldSeats, async (request) =>
    setHeldSeats(db(), requirePartnerAuth(request).partnerId, request.params.id, request.params.dayId, request.body),
  );
  serveEndpoint(app, endpoints.daySeats, async (request) => daySeats(db(), request.params.id, request.params.dayId));
  serveEndpoint(app, endpoints.hold, async (request) => {
    // A hold keeps seats from everyone else: one address cannot keep a whole hall by asking again and again.
    await app.limiter.consume(
      [
        {
          key: `seat-hold:${request.ip}:${request.params.id}`,
          max: holdsPerAddress,
          windowMs: seatHoldMinutes * 60_000,
        },
      ],
      'Seats cannot be held for a moment. Try again shortly.',
    );
    return holdSeats(db(), request.params.id, request.params.dayId, request.body);
  });
  serveEndpoint(app, endpoints.release, async (request) => releaseHold(db(), request.params.hold));
};
