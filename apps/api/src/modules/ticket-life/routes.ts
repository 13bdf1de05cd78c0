import {
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
import { requireUser } from '../../plugins/auth.ts';
import { cancelResale, holderTickets, listForResale, transferTicket } from './holder.ts';
import { gateRoutes } from './gate-routes.ts';
import { buyResale, listedResales } from './resale-purchase.ts';
import { holderTicketPdf, sendTicketPdf, ticketPdfResponse } from '../ticket-passes/index.ts';

/** A ticket's life after the sale: the holder's tickets, transfers, resale, and the gate (gate-routes.ts). */
export const ticketLifeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(gateRoutes);
  const tags = ['tickets'];
  const holder = { access: 'user' } as const;
  const db = () => app.database.db;

  app.get(
    '/holder/tickets',
    {
      config: holder,
      schema: {
        summary: 'List the signed-in fan’s tickets',
        tags,
        response: { 200: envelope(z.array(holderTicketSchema)) },
      },
    },
    async (request) => ok(await holderTickets(db(), app.ticketPasses, requireUser(request).userId)),
  );
  app.get(
    '/holder/tickets/:id/pdf',
    {
      config: holder,
      schema: {
        summary: 'Download a ticket as a PDF with its QR code',
        errors: [404, 409],
        tags,
        params: idParamsSchema,
        response: ticketPdfResponse,
      },
    },
    async (request, reply) =>
      sendTicketPdf(
        reply,
        await holderTicketPdf(db(), app.ticketPasses, requireUser(request).userId, request.params.id),
      ),
  );
  app.post(
    '/holder/tickets/:id/transfer',
    {
      config: holder,
      schema: {
        summary: 'Give a ticket to someone else',
        errors: [409],
        tags,
        params: idParamsSchema,
        body: transferBodySchema,
        response: { 200: envelope(z.object({ transferred: z.literal(true) })) },
      },
    },
    async (request) => {
      const done = await transferTicket(db(), requireUser(request).userId, request.params.id, request.body);
      app.afterTicketChange();
      return ok(done);
    },
  );
  app.post(
    '/holder/tickets/:id/resale',
    {
      config: holder,
      schema: {
        summary: 'List a ticket for resale',
        errors: [409],
        tags,
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
        summary: 'Take a ticket off resale',
        tags,
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
      schema: {
        summary: 'List the tickets for resale at an organization',
        tags,
        params: idParamsSchema,
        response: { 200: envelope(z.array(resaleSchema)) },
      },
    },
    async (request) => ok(await listedResales(db(), request.params.id)),
  );
  app.post(
    '/public/partners/:partnerId/resales/:id/buy',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Buy a ticket on resale',
        errors: [402, 409],
        tags,
        params: z.object({ partnerId: idParamsSchema.shape.id, id: idParamsSchema.shape.id }),
        body: resaleBuyBodySchema,
        response: { 200: envelope(z.object({ order_id: z.number().int(), price: z.number() })) },
      },
    },
    async (request) => {
      const sold = await buyResale(
        { db: db(), payments: app.payments },
        request.params.partnerId,
        request.params.id,
        request.body.buyer,
        request.body.payment_method,
      );
      app.afterTicketChange();
      return ok(sold);
    },
  );
};
