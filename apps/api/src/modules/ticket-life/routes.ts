import {
  checkInBodySchema,
  checkInResultSchema,
  envelope,
  holderTicketSchema,
  idParamsSchema,
  resaleBodySchema,
  resaleBuyBodySchema,
  resaleSchema,
  transferBodySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { requirePartnerAuth, requireUser } from '../../plugins/auth.ts';
import { checkIn } from './check-in.ts';
import { cancelResale, holderTickets, listForResale, transferTicket } from './holder.ts';
import { buyResale, listedResales } from './resale-purchase.ts';

/** A ticket's life after the sale: the holder's tickets, transfers, resale, and the gate. */
export const ticketLifeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tickets'];
  const security = [{ bearer: [] }];
  const holder = { access: 'user' } as const;
  const db = () => app.database.db;

  app.get(
    '/holder/tickets',
    { config: holder, schema: { tags, security, response: { 200: envelope(z.array(holderTicketSchema)) } } },
    async (request) => ok(await holderTickets(db(), requireUser(request).userId)),
  );
  app.post(
    '/holder/tickets/:id/transfer',
    {
      config: holder,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: transferBodySchema,
        response: { 200: envelope(z.object({ transferred: z.literal(true) })) },
      },
    },
    async (request) =>
      ok(await transferTicket(db(), app.chain, requireUser(request).userId, request.params.id, request.body)),
  );
  app.post(
    '/holder/tickets/:id/resale',
    {
      config: holder,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: resaleBodySchema,
        response: { 200: envelope(z.object({ resale_id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await listForResale(db(), requireUser(request).userId, request.params.id, request.body.price)),
  );
  app.delete(
    '/holder/tickets/:id/resale',
    {
      config: holder,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: envelope(z.object({ cancelled: z.literal(true) })) },
      },
    },
    async (request) => ok(await cancelResale(db(), requireUser(request).userId, request.params.id)),
  );

  app.get(
    '/public/partners/:id/resales',
    {
      config: { access: 'public' },
      schema: { tags, params: idParamsSchema, response: { 200: envelope(z.array(resaleSchema)) } },
    },
    async (request) => ok(await listedResales(db(), request.params.id)),
  );
  app.post(
    '/public/partners/:partnerId/resales/:id/buy',
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: z.object({ partnerId: idParamsSchema.shape.id, id: idParamsSchema.shape.id }),
        body: resaleBuyBodySchema,
        response: { 200: envelope(z.object({ order_id: z.number().int(), price: z.number() })) },
      },
    },
    async (request) =>
      ok(
        await buyResale(
          { db: db(), payments: app.payments, chain: app.chain },
          request.params.partnerId,
          request.params.id,
          request.body.buyer,
          request.body.payment_method,
        ),
      ),
  );

  app.post(
    '/events/:id/check-in',
    {
      config: { access: 'partner', permission: 'check_in' },
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: checkInBodySchema,
        response: { 200: envelope(checkInResultSchema) },
      },
    },
    async (request) => {
      const auth = requirePartnerAuth(request);
      return ok(
        await checkIn(
          db(),
          auth.partnerId,
          auth.memberId,
          request.params.id,
          request.body.event_day_id,
          request.body.code,
        ),
      );
    },
  );
};
