import {
  confirmIdentityQuerySchema,
  createFanNoteBodySchema,
  envelope,
  fanDataSchema,
  fanListQuerySchema,
  fanListSchema,
  fanNoteSchema,
  fanParamsSchema,
  fanResetSentSchema,
  identityConfirmedSchema,
  identityPinSentSchema,
  idParamSchema,
  verifyIdentityBodySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { assertPartner } from '../../plugins/auth.ts';
import { identityDeps, requestPasswordReset } from '../identity/index.ts';
import { fanData } from './history.ts';
import { confirmPin, requestPin, type PinDeps } from './identity-pin.ts';
import { listFans, partnerFan } from './list.ts';
import { addNote, listNotes } from './notes.ts';

export const fansRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['fans'];
  const config = { access: 'partner', permission: 'manage_fans' } as const;
  const db = () => app.database.db;
  const pinDeps = (): PinDeps => ({ db: db(), mailer: app.mailer, messenger: app.messenger, limiter: app.limiter });
  const identityParams = z.object({ fanId: idParamSchema, partnerId: idParamSchema });

  app.get(
    '/partners/:id/fans',
    {
      config,
      schema: {
        summary: 'List an organization’s fans',
        tags,
        params: z.object({ id: idParamSchema }),
        querystring: fanListQuerySchema,
        response: { 200: envelope(fanListSchema) },
      },
    },
    async (req) => ok(await listFans(db(), assertPartner(req, req.params.id).partnerId, req.query)),
  );

  app.get(
    '/analytics/fandata/:partnerId/:fanId',
    {
      config,
      schema: {
        summary: 'Read a fan’s history with the organization',
        tags,
        params: fanParamsSchema,
        response: { 200: envelope(fanDataSchema) },
      },
    },
    async (req) => ok(await fanData(db(), assertPartner(req, req.params.partnerId).partnerId, req.params.fanId)),
  );

  app.get(
    '/fan_notes/partners/:partnerId/:fanId',
    {
      config,
      schema: {
        summary: 'List the notes on a fan',
        tags,
        params: fanParamsSchema,
        response: { 200: envelope(z.array(fanNoteSchema)) },
      },
    },
    async (req) => ok(await listNotes(db(), assertPartner(req, req.params.partnerId).partnerId, req.params.fanId)),
  );

  app.post(
    '/fan_notes',
    {
      config,
      schema: {
        summary: 'Add a note on a fan',
        tags,
        body: createFanNoteBodySchema,
        response: { 200: envelope(fanNoteSchema) },
      },
    },
    async (req) => {
      const auth = assertPartner(req, req.body.partner_id);
      return ok(
        await addNote(db(), { partnerId: auth.partnerId, memberId: auth.memberId, email: auth.email }, req.body),
      );
    },
  );

  app.get(
    '/users/confirm_identity/:fanId/:partnerId',
    {
      config,
      schema: {
        summary: 'Send a fan a PIN to confirm who they are',
        errors: [429, 503],
        tags,
        params: identityParams,
        querystring: confirmIdentityQuerySchema,
        response: { 200: envelope(identityPinSentSchema) },
      },
    },
    async (req) =>
      ok(await requestPin(pinDeps(), assertPartner(req, req.params.partnerId), req.params.fanId, req.query.channel)),
  );

  app.post(
    '/users/confirm_identity/:fanId/:partnerId',
    {
      config,
      schema: {
        summary: 'Check the PIN a fan was sent',
        errors: [409, 429, 503],
        tags,
        params: identityParams,
        body: verifyIdentityBodySchema,
        response: { 200: envelope(identityConfirmedSchema) },
      },
    },
    async (req) =>
      ok(await confirmPin(pinDeps(), assertPartner(req, req.params.partnerId), req.params.fanId, req.body.pin)),
  );

  app.post(
    '/partners/:id/fans/:fanId/reset-password',
    {
      config,
      schema: {
        summary: 'Send a fan a password reset link',
        errors: [429, 503],
        tags,
        params: z.object({ id: idParamSchema, fanId: idParamSchema }),
        response: { 200: envelope(fanResetSentSchema) },
      },
    },
    async (req) => {
      const fan = await partnerFan(db(), assertPartner(req, req.params.id).partnerId, req.params.fanId);
      await requestPasswordReset(identityDeps(app), req.ip, fan.email);
      return ok({ sent: true as const });
    },
  );
};
