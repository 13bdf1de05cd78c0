import { eventEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { requirePartnerAuth } from '../../plugins/auth.ts';
import { createSponsor, createSupport, deleteSponsor, listSupport, updateSponsor, updateSupport } from './extras.ts';

/** An event's sponsors and support contacts. */
export const eventExtrasRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db;
  const partnerOf = (request: Parameters<typeof requirePartnerAuth>[0]) => requirePartnerAuth(request).partnerId;

  serveEndpoint(app, endpoints.support, async (request) => listSupport(db(), partnerOf(request), request.params.id));
  serveEndpoint(app, endpoints.createSupport, async (request) => createSupport(db(), partnerOf(request), request.body));
  serveEndpoint(app, endpoints.updateSupport, async (request) =>
    updateSupport(db(), partnerOf(request), request.params.id, request.body),
  );

  serveEndpoint(app, endpoints.createSponsor, async (request) =>
    createSponsor(db(), app.storage, partnerOf(request), request.body),
  );
  serveEndpoint(app, endpoints.updateSponsor, async (request) =>
    updateSponsor(db(), app.storage, partnerOf(request), request.params.id, request.body),
  );
  serveEndpoint(app, endpoints.deleteSponsor, async (request) =>
    deleteSponsor(db(), partnerOf(request), request.params.id),
  );
};
