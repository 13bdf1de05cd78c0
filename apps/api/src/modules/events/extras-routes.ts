import {
  envelope,
  idParamsSchema,
  sponsorCreateSchema,
  sponsorSchema,
  supportContactSchema,
  supportCreateSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePartnerAuth } from '../../plugins/auth.ts';
import { createSponsor, createSupport, deleteSponsor, listSupport, updateSponsor, updateSupport } from './extras.ts';
import { ok } from '../../lib/reply.ts';

/** An event's sponsors and support contacts. */
export const eventExtrasRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['events'];
  const write = { access: 'partner', permission: 'manage_events' } as const;
  const db = () => app.database.db;
  const partnerOf = (request: Parameters<typeof requirePartnerAuth>[0]) => requirePartnerAuth(request).partnerId;

  app.get(
    '/support/events/:id',
    {
      config: { access: 'partner' },
      schema: {
        summary: 'List an event’s support contacts',
        tags,
        params: idParamsSchema,
        response: { 200: envelope(z.array(supportContactSchema)) },
      },
    },
    async (request) => ok(await listSupport(db(), partnerOf(request), request.params.id)),
  );
  app.post(
    '/support',
    {
      config: write,
      schema: {
        summary: 'Add a support contact to an event',
        tags,
        body: supportCreateSchema,
        response: { 200: envelope(supportContactSchema) },
      },
    },
    async (request) => ok(await createSupport(db(), partnerOf(request), request.body)),
  );
  app.put(
    '/support/:id',
    {
      config: write,
      schema: {
        summary: 'Change a support contact',
        tags,
        params: idParamsSchema,
        body: supportCreateSchema,
        response: { 200: envelope(supportContactSchema) },
      },
    },
    async (request) => ok(await updateSupport(db(), partnerOf(request), request.params.id, request.body)),
  );

  app.post(
    '/sponsors',
    {
      config: write,
      schema: {
        summary: 'Add a sponsor to an event',
        tags,
        body: sponsorCreateSchema,
        response: { 200: envelope(sponsorSchema) },
      },
    },
    async (request) => ok(await createSponsor(db(), app.storage, partnerOf(request), request.body)),
  );
  app.put(
    '/sponsors/:id',
    {
      config: write,
      schema: {
        summary: 'Change a sponsor',
        tags,
        params: idParamsSchema,
        body: sponsorCreateSchema,
        response: { 200: envelope(sponsorSchema) },
      },
    },
    async (request) => ok(await updateSponsor(db(), app.storage, partnerOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/sponsors/:id',
    {
      config: write,
      schema: {
        summary: 'Remove a sponsor',
        tags,
        params: idParamsSchema,
        response: { 200: envelope(z.object({ ID: z.number().int() })) },
      },
    },
    async (request) => ok(await deleteSponsor(db(), partnerOf(request), request.params.id)),
  );
};
