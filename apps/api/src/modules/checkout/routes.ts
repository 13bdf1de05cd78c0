import {
  checkoutBodySchema,
  checkoutHeadersSchema,
  checkoutResultSchema,
  envelope,
  idParamsSchema,
  publicEventSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicEvents } from './catalogue.ts';
import { checkout } from './checkout.ts';
import { createStockMemo } from './stock-memo.ts';
import { ok } from '../../lib/reply.ts';

/** The fan side, for a partner's widget: no partner token. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['checkout'];
  const stock = createStockMemo();

  app.get(
    '/public/partners/:id/events',
    {
      config: { access: 'public' },
      schema: {
        summary: 'List the events an organization sells on its widget',
        tags,
        params: idParamsSchema,
        response: { 200: envelope(z.array(publicEventSchema)) },
      },
    },
    async (request) => ok(await publicEvents(app.database.db, request.params.id)),
  );

  app.post(
    '/public/checkout',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Buy tickets',
        errors: [402, 409],
        tags,
        headers: checkoutHeadersSchema,
        body: checkoutBodySchema,
        response: { 200: envelope(checkoutResultSchema) },
      },
    },
    async (request, reply) => {
      const deps = {
        db: app.database.db,
        payments: app.payments,
        stock,
        afterSale: app.afterSale,
        log: (line: string) => request.log.warn(line),
      };
      // The connection closing before the answer is written means the buyer has gone.
      const left = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) left.abort();
      });
      const idempotencyKey = request.headers['idempotency-key'];
      return ok(await checkout(deps, request.body, { idempotencyKey, signal: left.signal }));
    },
  );
};
