import {
  envelope,
  idParamsSchema,
  partnerSchema,
  partnerUpdateSchema,
  stripeLinkSchema,
  tosBodySchema,
  tosParamsSchema,
  tosQuerySchema,
  tosSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.ts';
import { assertPartner } from '../../plugins/auth.ts';
import { onboardingUrl } from './payouts.ts';
import { getPartner, updatePartner } from './service.ts';
import { addTerms, deleteTerms, listTerms } from './terms.ts';
import { ok } from '../../lib/reply.ts';

export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['partners'];
  const db = () => app.database.db;

  app.get(
    '/partners/:id',
    {
      config: { access: 'partner' },
      schema: {
        summary: 'Read an organization’s profile',
        tags,
        params: idParamsSchema,
        response: { 200: envelope(partnerSchema) },
      },
    },
    async (request) => {
      assertPartner(request, request.params.id);
      const partner = await getPartner(db(), request.params.id);
      if (!partner) throw notFound('Partner');
      return ok(partner);
    },
  );

  // Name, logo, colours and royalty are the organisation's settings: admins only.
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/partners/:id',
      config: { access: 'admin' },
      schema: {
        summary: 'Change an organization’s profile',
        tags,
        params: idParamsSchema,
        body: partnerUpdateSchema,
        response: { 200: envelope(partnerSchema) },
      },
      handler: async (request) => {
        assertPartner(request, request.params.id);
        return ok(await updatePartner(db(), app.storage, request.params.id, request.body));
      },
    });
  }

  app.get(
    '/partners/:id/tos',
    {
      config: { access: 'partner' },
      schema: {
        summary: 'List an organization’s terms of service',
        tags,
        params: idParamsSchema,
        response: { 200: envelope(z.array(tosSchema)) },
      },
    },
    async (request) => {
      assertPartner(request, request.params.id);
      return ok(await listTerms(db(), request.params.id));
    },
  );

  app.post(
    '/partners/:id/tos',
    {
      config: { access: 'admin' },
      // A 10 MB document grows by a third as base64.
      bodyLimit: 15 * 1024 * 1024,
      schema: {
        summary: 'Add a terms of service document',
        tags,
        params: idParamsSchema,
        querystring: tosQuerySchema,
        body: tosBodySchema,
        response: { 200: envelope(tosSchema) },
      },
    },
    async (request) => {
      assertPartner(request, request.params.id);
      const input = { uploaded: request.query.file, file: request.body.file, fileName: request.body.file_name };
      return ok(await addTerms(db(), app.storage, request.params.id, input));
    },
  );

  app.delete(
    '/partners/:id/tos/:docId',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Delete a terms of service document',
        tags,
        params: tosParamsSchema,
        response: { 200: envelope(z.object({ ID: z.number().int() })) },
      },
    },
    async (request) => {
      assertPartner(request, request.params.id);
      return ok(await deleteTerms(db(), request.params.id, request.params.docId));
    },
  );

  app.get(
    '/partners/:id/stripe_link',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Get a link to set up payouts with Stripe',
        tags,
        params: idParamsSchema,
        response: { 200: envelope(stripeLinkSchema) },
      },
    },
    async (request) => {
      assertPartner(request, request.params.id);
      const url = await onboardingUrl(db(), app.payments, request.params.id, `${app.config.publicUrl}/profile`);
      return ok({ AccountLink: { url } });
    },
  );
};
