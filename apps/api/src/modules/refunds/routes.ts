import {
  envelope,
  fanParamsSchema,
  refundBodySchema,
  refundEventSchema,
  refundHeadersSchema,
  refundResultSchema,
  refundTicketSchema,
  refundTicketsParamsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { assertPartner, requirePartnerAuth } from '../../plugins/auth.ts';
import { makeRefund } from './refund.ts';
import { refundableEvents, refundableTickets } from './refundable.ts';

export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['refunds'];
  const config = { access: 'partner', permission: 'refund_tickets' } as const;
  const db = () => app.database.db;

  app.get(
    '/transactions/tickets_for_refund/:partnerId/:fanId',
    {
      config,
      schema: {
        summary: 'List the events in which a fan has refundable tickets',
        tags,
        params: fanParamsSchema,
        response: { 200: envelope(z.array(refundEventSchema)) },
      },
    },
    async (req) =>
      ok(await refundableEvents(db(), assertPartner(req, req.params.partnerId).partnerId, req.params.fanId)),
  );

  // The spec's path names a ticket; what the screen drills into is one event of the fan's tickets.
  app.get(
    '/transactions/tickets_for_refund/ticket_type/:eventId/:fanId',
    {
      config,
      schema: {
        summary: 'List a fan’s refundable tickets for one event',
        tags,
        params: refundTicketsParamsSchema,
        response: { 200: envelope(z.array(refundTicketSchema)) },
      },
    },
    async (req) =>
      ok(await refundableTickets(db(), requirePartnerAuth(req).partnerId, req.params.eventId, req.params.fanId)),
  );

  app.post(
    '/financial/refund',
    {
      config,
      schema: {
        summary: 'Refund tickets',
        errors: [409, 502],
        tags,
        headers: refundHeadersSchema,
        body: refundBodySchema,
        response: { 200: envelope(refundResultSchema) },
      },
    },
    async (req) => {
      const auth = requirePartnerAuth(req);
      const done = await makeRefund(
        { db: db(), payments: app.payments },
        { partnerId: auth.partnerId, memberId: auth.memberId },
        req.body,
        req.headers['idempotency-key'],
      );
      app.afterTicketChange();
      return ok(done);
    },
  );
};
