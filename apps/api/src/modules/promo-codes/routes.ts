import {
  attachBodySchema,
  detachParamsSchema,
  envelope,
  idParamsSchema,
  promoCodeInputSchema,
  promoCodeSchema,
  promoCodesQuerySchema,
  promoCodeUpdateSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertPartner, requirePartnerAuth } from '../../plugins/auth.ts';
import {
  attachTicketTypes,
  createPromoCode,
  detachTicketType,
  getPromoCode,
  listPromoCodes,
  updatePromoCode,
} from './service.ts';
import { ok } from '../../lib/reply.ts';

export const promoCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['promo-codes'];
  const read = { access: 'partner' } as const;
  const write = { access: 'partner', permission: 'manage_promo_codes' } as const;
  const db = () => app.database.db;
  const one = envelope(promoCodeSchema);

  app.get(
    '/promocodes',
    {
      config: read,
      schema: {
        summary: 'List an organization’s promo codes',
        tags,
        querystring: promoCodesQuerySchema,
        response: { 200: envelope(z.array(promoCodeSchema)) },
      },
    },
    async (request) => ok(await listPromoCodes(db(), assertPartner(request, request.query.partner_id).partnerId)),
  );
  app.get(
    '/promocodes/:id',
    { config: read, schema: { summary: 'Read a promo code', tags, params: idParamsSchema, response: { 200: one } } },
    async (request) => ok(await getPromoCode(db(), requirePartnerAuth(request).partnerId, request.params.id)),
  );
  app.post(
    '/promocodes',
    {
      config: write,
      schema: {
        summary: 'Create a promo code',
        errors: [409],
        tags,
        body: promoCodeInputSchema,
        response: { 200: one },
      },
    },
    async (request) =>
      ok(await createPromoCode(db(), assertPartner(request, request.body.partner_id).partnerId, request.body)),
  );
  app.put(
    '/promocodes/:id',
    {
      config: write,
      schema: {
        summary: 'Change a promo code',
        errors: [409],
        tags,
        params: idParamsSchema,
        body: promoCodeUpdateSchema,
        response: { 200: one },
      },
    },
    async (request) => {
      const { partnerId } = request.body.partner_id
        ? assertPartner(request, request.body.partner_id)
        : requirePartnerAuth(request);
      return ok(await updatePromoCode(db(), partnerId, request.params.id, request.body));
    },
  );
  app.post(
    '/promocodes/:id/attach',
    {
      config: write,
      schema: {
        summary: 'Make a promo code apply to ticket types',
        errors: [409],
        tags,
        params: idParamsSchema,
        body: attachBodySchema,
        response: { 200: one },
      },
    },
    async (request) =>
      ok(await attachTicketTypes(db(), requirePartnerAuth(request).partnerId, request.params.id, request.body)),
  );
  app.delete(
    '/promocodes/detach/:promoId/:ticketTypeId',
    {
      config: write,
      schema: {
        summary: 'Stop a promo code applying to a ticket type',
        tags,
        params: detachParamsSchema,
        response: { 200: one },
      },
    },
    async (request) =>
      ok(
        await detachTicketType(
          db(),
          requirePartnerAuth(request).partnerId,
          request.params.promoId,
          request.params.ticketTypeId,
        ),
      ),
  );
};
