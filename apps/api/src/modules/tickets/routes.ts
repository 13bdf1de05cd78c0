import { ticketEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { assertPartner, requirePartnerAuth } from '../../plugins/auth.ts';
import { createTemplate, listTemplates } from './templates.ts';
import { createTicketTypes, deleteTicketType, updateTicketType } from './ticket-types.ts';

export const ticketsRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db;

  serveEndpoint(app, endpoints.createTypes, async (request) => {
    const { partnerId } = requirePartnerAuth(request);
    return createTicketTypes(db(), partnerId, request.body, (request.query.recurrence ?? 0) > 0);
  });
  serveEndpoint(app, endpoints.updateType, async (request) =>
    updateTicketType(db(), requirePartnerAuth(request).partnerId, request.params.id, request.body),
  );
  serveEndpoint(app, endpoints.deleteType, async (request) =>
    deleteTicketType(db(), requirePartnerAuth(request).partnerId, request.params.id),
  );

  serveEndpoint(app, endpoints.templates, async (request) =>
    listTemplates(db(), assertPartner(request, request.query.partner_id).partnerId),
  );
  serveEndpoint(app, endpoints.createTemplate, async (request) =>
    createTemplate(db(), app.storage, assertPartner(request, request.body.partner_id).partnerId, request.body.image),
  );
};
