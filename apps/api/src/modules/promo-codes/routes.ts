import { promoCodeEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { assertPartner, requirePartnerAuth } from '../../plugins/auth.ts';
import {
  attachTicketTypes,
  createPromoCode,
  detachTicketType,
  getPromoCode,
  listPromoCodes,
  updatePromoCode,
} from './service.ts';

export const promoCodesRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db;

  serveEndpoint(app, endpoints.list, async (request) =>
    listPromoCodes(db(), assertPartner(request, request.query.partner_id).partnerId),
  );
  serveEndpoint(app, endpoints.get, async (request) =>
    getPromoCode(db(), requirePartnerAuth(request).partnerId, request.params.id),
  );
  serveEndpoint(app, endpoints.create, async (request) =>
    createPromoCode(db(), assertPartner(request, request.body.partner_id).partnerId, request.body),
  );
  serveEndpoint(app, endpoints.update, async (request) => {
    const { partnerId } = request.body.partner_id
      ? assertPartner(request, request.body.partner_id)
      : requirePartnerAuth(request);
    return updatePromoCode(db(), partnerId, request.params.id, request.body);
  });
  serveEndpoint(app, endpoints.attach, async (request) =>
    attachTicketTypes(db(), requirePartnerAuth(request).partnerId, request.params.id, request.body),
  );
  serveEndpoint(app, endpoints.detach, async (request) =>
    detachTicketType(db(), requirePartnerAuth(request).partnerId, request.params.promoId, request.params.ticketTypeId),
  );
};
