import { resaleEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { gateRoutes } from './gate-routes.ts';
import { holderRoutes } from './holder-routes.ts';
import { buyResale, listedResales } from './resale-purchase.ts';

/**
 * A ticket's life after the sale: the holder's tickets, transfers and resale (holder-routes.ts), buying
 * on resale, and the gate (gate-routes.ts).
 */
export const ticketLifeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(gateRoutes);
  await app.register(holderRoutes);
  const db = () => app.database.db;

  serveEndpoint(app, endpoints.list, async (request) => listedResales(db(), request.params.id));
  serveEndpoint(app, endpoints.buy, async (request) => {
    const sold = await buyResale(
      { db: db(), payments: app.payments },
      request.params.partnerId,
      request.params.id,
      request.body.buyer,
      request.body.payment_method,
    );
    app.afterTicketChange();
    return sold;
  });
};
