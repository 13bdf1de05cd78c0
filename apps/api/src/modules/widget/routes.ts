import {
  envelope,
  fontUploadBodySchema,
  holderTicketSchema,
  idParamsSchema,
  publicWidgetSchema,
  resaleBodySchema,
  transferBodySchema,
  widgetSettingsSchema,
  widgetSignInLinkBodySchema,
  widgetUpdateSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { assertPartner, requireUser } from '../../plugins/auth.ts';
import { notFound } from '../../lib/http-error.ts';
import { cancelResale, holderTickets, listForResale, transferTicket } from '../ticket-life/index.ts';
import { assertPartnerExists } from '../partners/index.ts';
import { holderTicketPdf, sendTicketPdf, ticketPdfResponse } from '../ticket-passes/index.ts';
import { partnerTicketIds, publicWidget } from './public.ts';
import { addFont, getWidget, updateWidget } from './settings.ts';
import { sendWidgetSignInLink, type WidgetSignInDeps } from './sign-in.ts';

export const widgetSignInDeps = (app: FastifyInstance): WidgetSignInDeps => ({
  db: app.database.db,
  mailer: app.mailer,
  limiter: app.limiter,
  tokens: app.tokens,
  publicUrl: app.config.publicUrl,
  ttlMinutes: app.config.accessTokenTtlMinutes,
});

/** The widget's settings in the portal, and the calls the widget makes on a partner's site. */
export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['widget'];
  const db = () => app.database.db;
  const settings = { 200: envelope(widgetSettingsSchema) };

  app.get(
    '/partners/:id/widget',
    {
      config: { access: 'partner' },
      schema: { summary: 'Read the widget’s settings', tags, params: idParamsSchema, response: settings },
    },
    async (request) => {
      assertPartner(request, request.params.id);
      return ok(await getWidget(db(), request.params.id));
    },
  );

  // The spec leaves the method open: PUT and PATCH both change only the fields sent.
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/partners/:id/widget',
      config: { access: 'partner', permission: 'manage_widget' },
      schema: {
        summary: 'Change the widget’s settings',
        tags,
        params: idParamsSchema,
        body: widgetUpdateSchema,
        response: settings,
      },
      handler: async (request) => {
        assertPartner(request, request.params.id);
        return ok(await updateWidget(db(), request.params.id, request.body));
      },
    });
  }

  app.post(
    '/partners/:id/widget/fonts',
    {
      config: { access: 'partner', permission: 'manage_widget' },
      // A 2 MB font grows by a third as base64.
      bodyLimit: 3 * 1024 * 1024 + 4096,
      schema: {
        summary: 'Upload a font for the widget',
        tags,
        params: idParamsSchema,
        body: fontUploadBodySchema,
        response: settings,
      },
    },
    async (request) => {
      assertPartner(request, request.params.id);
      return ok(await addFont(db(), app.storage, request.params.id, request.body));
    },
  );

  app.get(
    '/public/partners/:id/widget',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Read what the widget shows for an organization',
        tags,
        params: idParamsSchema,
        response: { 200: envelope(publicWidgetSchema) },
      },
    },
    async (request) => ok(await publicWidget(db(), request.params.id, app.config.publicUrl, app.payments.browser)),
  );

  app.post(
    '/public/partners/:id/widget/sign-in-link',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Send a fan a sign-in link for the widget',
        errors: [429, 503],
        tags,
        params: idParamsSchema,
        body: widgetSignInLinkBodySchema,
        response: { 200: envelope(z.object({ sent: z.literal(true) })) },
      },
    },
    async (request) =>
      ok(
        await sendWidgetSignInLink(
          widgetSignInDeps(app),
          request.ip,
          request.params.id,
          request.body.email,
          request.body.return_url,
        ),
      ),
  );

  app.get(
    '/holder/partners/:id/tickets',
    {
      config: { access: 'user' },
      schema: {
        summary: 'List the signed-in fan’s tickets at one organization',
        tags,
        params: idParamsSchema,
        response: { 200: envelope(z.array(holderTicketSchema)) },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      const [all, here] = await Promise.all([
        holderTickets(db(), app.ticketPasses, userId, request.params.id),
        partnerTicketIds(db(), request.params.id, userId),
      ]);
      // No tickets at a partner that does not exist is a missing partner, not an empty list.
      if (here.size === 0) await assertPartnerExists(db(), request.params.id);
      return ok(all.filter((t) => here.has(t.ID)));
    },
  );

  // The widget's own holder calls: the same actions as /holder/tickets/…, limited to this partner's
  // tickets, which is all a widget session may reach.
  const ticketParams = z.object({ id: idParamsSchema.shape.id, ticketId: idParamsSchema.shape.id });
  async function partnerTicket(request: FastifyRequest & { params: { id: number; ticketId: number } }) {
    const { userId } = requireUser(request);
    const here = await partnerTicketIds(db(), request.params.id, userId);
    if (!here.has(request.params.ticketId)) throw notFound('Ticket');
    return { userId, ticketId: request.params.ticketId };
  }
  app.get(
    '/holder/partners/:id/tickets/:ticketId/pdf',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Download a ticket as a PDF with its QR code',
        errors: [404, 409],
        tags,
        params: ticketParams,
        response: ticketPdfResponse,
      },
    },
    async (request, reply) => {
      const { userId, ticketId } = await partnerTicket(request);
      return sendTicketPdf(reply, await holderTicketPdf(db(), app.ticketPasses, userId, ticketId));
    },
  );
  app.post(
    '/holder/partners/:id/tickets/:ticketId/transfer',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Give a ticket to someone else',
        errors: [409],
        tags,
        params: ticketParams,
        body: transferBodySchema,
        response: { 200: envelope(z.object({ transferred: z.literal(true) })) },
      },
    },
    async (request) => {
      const { userId, ticketId } = await partnerTicket(request);
      const done = await transferTicket(db(), userId, ticketId, request.body);
      app.afterTicketChange();
      return ok(done);
    },
  );
  app.post(
    '/holder/partners/:id/tickets/:ticketId/resale',
    {
      config: { access: 'user' },
      schema: {
        summary: 'List a ticket for resale',
        errors: [409],
        tags,
        params: ticketParams,
        body: resaleBodySchema,
        response: { 200: envelope(z.object({ resale_id: z.number().int() })) },
      },
    },
    async (request) => {
      const { userId, ticketId } = await partnerTicket(request);
      return ok(await listForResale(db(), userId, ticketId, request.body.price));
    },
  );
  app.delete(
    '/holder/partners/:id/tickets/:ticketId/resale',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Take a ticket off resale',
        tags,
        params: ticketParams,
        response: { 200: envelope(z.object({ cancelled: z.literal(true) })) },
      },
    },
    async (request) => {
      const { userId, ticketId } = await partnerTicket(request);
      return ok(await cancelResale(db(), userId, ticketId));
    },
  );
};
