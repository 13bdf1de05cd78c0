import { checkoutEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientGone } from '../../lib/client-gone.ts';
import { sendKeptAnswer } from '../../lib/kept-answer.ts';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { publicEvents } from './catalogue.ts';
import { checkout } from './checkout.ts';
import { createSaleBatches } from './sale-batches.ts';
import { createSaleLanes } from './sale-lanes.ts';

/** The fan side, for a partner's widget: no partner token. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const lanes = createSaleLanes();
  const batches = createSaleBatches(app.database.db);

  serveEndpoint(app, endpoints.events, async (request, reply) =>
    sendKeptAnswer(request, reply, await publicEvents(app.database.db, request.params.id)),
  );
  serveEndpoint(app, endpoints.checkout, async (request, reply) => {
    const deps = {
      db: app.database.db,
      payments: app.payments,
      stock: app.stock,
      lanes,
      batches,
      afterSale: app.afterSale,
      log: (line: string) => request.log.warn(line),
    };
    const idempotencyKey = request.headers['idempotency-key'];
    return checkout(deps, request.body, { idempotencyKey, watch: () => clientGone(request.raw, reply.raw) });
  });
};
