import { refundEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { assertPartner, requirePartnerAuth } from '../../plugins/auth.ts';
import { makeRefund } from './refund.ts';
import { refundableEvents, refundableTickets } from './refundable.ts';

export const refundsRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db;

  serveEndpoint(app, endpoints.events, async (req) =>
    refundableEvents(db(), assertPartner(req, req.params.partnerId).partnerId, req.params.fanId),
  );
  serveEndpoint(app, endpoints.tickets, async (req) =>
    refundableTickets(db(), requirePartnerAuth(req).partnerId, req.params.eventId, req.params.fanId),
  );
  serveEndpoint(app, endpoints.refund, async (req) => {
    const auth = requirePartnerAuth(req);
    const done = await makeRefund(
      { db: db(), payments: app.payments },
      { partnerId: auth.partnerId, memberId: auth.memberId },
      req.body,
      req.headers['idempotency-key'],
    );
    app.afterTicketChange();
    return done;
  });
};
