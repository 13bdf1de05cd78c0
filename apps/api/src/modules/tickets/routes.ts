import {
  envelope,
  idParamsSchema,
  templateCreateSchema,
  templateSchema,
  templatesQuerySchema,
  ticketTypeInputSchema,
  ticketTypeSchema,
  ticketTypesCreateQuerySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertPartner, requirePartnerAuth } from '../../plugins/auth.ts';
import { createTemplate, listTemplates } from './templates.ts';
import { createTicketTypes, deleteTicketType, updateTicketType } from './ticket-types.ts';
import { ok } from '../../lib/reply.ts';

export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tickets'];
  const write = { access: 'partner', permission: 'manage_events' } as const;
  const db = () => app.database.db;

  app.post(
    '/ticket_types',
    {
      config: write,
      schema: {
        summary: 'Add ticket types to an event',
        tags,
        querystring: ticketTypesCreateQuerySchema,
        body: z.array(ticketTypeInputSchema).min(1, 'send at least one ticket type').max(50),
        response: { 200: envelope(z.array(ticketTypeSchema)) },
      },
    },
    async (request) => {
      const { partnerId } = requirePartnerAuth(request);
      return ok(await createTicketTypes(db(), partnerId, request.body, (request.query.recurrence ?? 0) > 0));
    },
  );

  app.put(
    '/ticket_types/:id',
    {
      config: write,
      schema: {
        summary: 'Change a ticket type',
        errors: [409],
        tags,
        params: idParamsSchema,
        body: ticketTypeInputSchema,
        response: { 200: envelope(ticketTypeSchema) },
      },
    },
    async (request) =>
      ok(await updateTicketType(db(), requirePartnerAuth(request).partnerId, request.params.id, request.body)),
  );

  app.delete(
    '/ticket_types/:id',
    {
      config: write,
      schema: {
        summary: 'Delete a ticket type',
        errors: [409],
        tags,
        params: idParamsSchema,
        response: { 200: envelope(z.object({ ID: z.number().int() })) },
      },
    },
    async (request) => ok(await deleteTicketType(db(), requirePartnerAuth(request).partnerId, request.params.id)),
  );

  app.get(
    '/templates',
    {
      config: { access: 'partner' },
      schema: {
        summary: 'List an organization’s ticket designs',
        tags,
        querystring: templatesQuerySchema,
        response: { 200: envelope(z.array(templateSchema)) },
      },
    },
    async (request) => ok(await listTemplates(db(), assertPartner(request, request.query.partner_id).partnerId)),
  );

  app.post(
    '/templates',
    {
      config: write,
      schema: {
        summary: 'Add a ticket design',
        tags,
        body: templateCreateSchema,
        response: { 200: envelope(templateSchema) },
      },
    },
    async (request) =>
      ok(
        await createTemplate(
          db(),
          app.storage,
          assertPartner(request, request.body.partner_id).partnerId,
          request.body.image,
        ),
      ),
  );
};
