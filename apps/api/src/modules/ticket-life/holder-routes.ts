import {
  holderTicketEndpoints,
  idParamsSchema,
  partnerTicketParamsSchema,
  widgetHolderTicketEndpoints,
  type HolderTicketEndpoints,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { requireUser } from '../../plugins/auth.ts';
import { holderTicketPdf, sendTicketPdf, ticketPdfResponse, type Holder } from '../ticket-passes/index.ts';
import { cancelResale, holderTickets, listForResale, transferTicket } from './holder.ts';

/**
 * Whose ticket a call's path names: `/holder/tickets/:id` any of the fan's, and a widget's
 * `/holder/partners/:id/tickets/:ticketId` one at that organiser only.
 */
function reach(
  request: FastifyRequest,
  params: { id: number } | { id: number; ticketId: number },
): { holder: Holder; ticketId: number } {
  const { userId } = requireUser(request);
  return 'ticketId' in params
    ? { holder: { userId, partnerId: params.id }, ticketId: params.ticketId }
    : { holder: { userId }, ticketId: params.id };
}

async function sendPdf(app: FastifyInstance, reply: FastifyReply, { holder, ticketId }: ReturnType<typeof reach>) {
  const { db } = app.database;
  return sendTicketPdf(reply, await holderTicketPdf(db, app.ticketPasses, holder, ticketId));
}

/** One set of holder calls: the portal's, or a widget's limited to its organiser. */
function serveHolderCalls(app: FastifyInstance, endpoints: HolderTicketEndpoints) {
  const db = () => app.database.db;
  serveEndpoint(app, endpoints.list, async (request) => {
    const holder: Holder = { userId: requireUser(request).userId, partnerId: request.params?.id };
    return holderTickets(db(), app.ticketPasses, holder);
  });
  serveEndpoint(app, endpoints.transfer, async (request) => {
    const { holder, ticketId } = reach(request, request.params);
    const done = await transferTicket(db(), holder, ticketId, request.body);
    app.afterTicketChange();
    return done;
  });
  serveEndpoint(app, endpoints.sell, async (request) => {
    const { holder, ticketId } = reach(request, request.params);
    return listForResale(db(), holder, ticketId, request.body.price);
  });
  serveEndpoint(app, endpoints.cancelSale, async (request) => {
    const { holder, ticketId } = reach(request, request.params);
    return cancelResale(db(), holder, ticketId);
  });
}

/** The signed-in fan's tickets: transfers, resale and PDFs, from the portal and from a partner's widget. */
export const holderRoutes: FastifyPluginAsyncZod = async (app) => {
  serveHolderCalls(app, holderTicketEndpoints);
  serveHolderCalls(app, widgetHolderTicketEndpoints);

  // A ticket's PDF is a file, not an envelope: a plain route for each of the two paths.
  const pdf = {
    summary: 'Download a ticket as a PDF with its QR code',
    errors: [404, 409] as const,
    response: ticketPdfResponse,
  };
  app.get(
    '/holder/tickets/:id/pdf',
    { config: { access: 'user' }, schema: { ...pdf, tags: ['tickets'], params: idParamsSchema } },
    async (request, reply) => sendPdf(app, reply, reach(request, request.params)),
  );
  app.get(
    '/holder/partners/:id/tickets/:ticketId/pdf',
    { config: { access: 'user' }, schema: { ...pdf, tags: ['widget'], params: partnerTicketParamsSchema } },
    async (request, reply) => sendPdf(app, reply, reach(request, request.params)),
  );
};
