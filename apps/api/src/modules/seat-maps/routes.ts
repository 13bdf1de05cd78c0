import { seatMapEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { requirePartnerAuth } from '../../plugins/auth.ts';
import { getSeatMap, listSeatMaps } from './read.ts';
import { createSeatMap, deleteSeatMap, updateSeatMap } from './save.ts';

/** A theatre of 20,000 seats is about 1.5 MB of JSON. */
const layoutBodyLimit = 4 * 1024 * 1024;

export const seatMapsRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db;
  const partnerOf = (request: Parameters<typeof requirePartnerAuth>[0]) => requirePartnerAuth(request).partnerId;

  serveEndpoint(app, endpoints.list, async (request) => listSeatMaps(db(), partnerOf(request)));
  serveEndpoint(app, endpoints.get, async (request) => getSeatMap(db(), partnerOf(request), request.query.id));
  serveEndpoint(
    app,
    endpoints.create,
    async (request) => {
      const partnerId = partnerOf(request);
      return getSeatMap(db(), partnerId, await createSeatMap(db(), partnerId, request.body));
    },
    { bodyLimit: layoutBodyLimit },
  );
  serveEndpoint(
    app,
    endpoints.update,
    async (request) => {
      const partnerId = partnerOf(request);
      await updateSeatMap(db(), partnerId, request.params.id, request.body);
      return getSeatMap(db(), partnerId, request.params.id);
    },
    { bodyLimit: layoutBodyLimit },
  );
  serveEndpoint(app, endpoints.remove, async (request) => deleteSeatMap(db(), partnerOf(request), request.params.id));
};
