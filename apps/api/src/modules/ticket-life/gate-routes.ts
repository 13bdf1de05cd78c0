import {
  checkInBodySchema,
  checkInCountSchema,
  checkInDayParamsSchema,
  checkInResultSchema,
  checkInSyncBodySchema,
  checkInSyncResultSchema,
  checkInUndoBodySchema,
  checkInUndoResultSchema,
  envelope,
  gateListSchema,
  idParamsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { requirePartnerAuth } from '../../plugins/auth.ts';
import { checkIn } from './check-in.ts';
import { checkInCount } from './check-in-count.ts';
import { syncCheckIns } from './check-in-sync.ts';
import { undoCheckIn } from './check-in-undo.ts';
import { gateList } from './gate-list.ts';

/** The gate of an event day: admitting online, the day's list for a gate offline, its sync and undo. */
export const gateRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tickets'];
  const config = { access: 'partner', permission: 'check_in' } as const;
  const db = () => app.database.db;

  app.post(
    '/events/:id/check-in',
    {
      config,
      schema: {
        summary: 'Admit a ticket at the gate',
        errors: [409],
        tags,
        params: idParamsSchema,
        body: checkInBodySchema,
        response: { 200: envelope(checkInResultSchema) },
      },
    },
    async (request) => {
      const auth = requirePartnerAuth(request);
      const { code, event_day_id } = request.body;
      return ok(
        await checkIn(db(), app.ticketPasses, auth.partnerId, auth.memberId, request.params.id, event_day_id, code),
      );
    },
  );
  app.get(
    '/events/:id/check-in/days/:dayId',
    {
      config,
      schema: {
        summary: 'Count the tickets admitted and expected on a day at the gate',
        tags,
        params: checkInDayParamsSchema,
        response: { 200: envelope(checkInCountSchema) },
      },
    },
    async (request) =>
      ok(await checkInCount(db(), requirePartnerAuth(request).partnerId, request.params.id, request.params.dayId)),
  );
  app.get(
    '/events/:id/check-in/days/:dayId/list',
    {
      config,
      schema: {
        summary: 'Take a day’s tickets and the organiser’s keys, for a gate to admit without a network',
        tags,
        params: checkInDayParamsSchema,
        response: { 200: envelope(gateListSchema) },
      },
    },
    async (request) => {
      const { partnerId } = requirePartnerAuth(request);
      return ok(await gateList(db(), app.ticketPasses, partnerId, request.params.id, request.params.dayId));
    },
  );
  app.post(
    '/events/:id/check-in/sync',
    {
      config,
      schema: {
        summary: 'Send the admissions a gate made offline; each scan is admitted or refused with its reason',
        tags,
        params: idParamsSchema,
        body: checkInSyncBodySchema,
        response: { 200: envelope(checkInSyncResultSchema) },
      },
    },
    async (request) => {
      const auth = requirePartnerAuth(request);
      return ok(
        await syncCheckIns(db(), app.ticketPasses, auth.partnerId, auth.memberId, request.params.id, request.body),
      );
    },
  );
  app.post(
    '/events/:id/check-in/undo',
    {
      config,
      schema: {
        summary: 'Take back a ticket’s admission at the gate, saying why',
        errors: [409],
        tags,
        params: idParamsSchema,
        body: checkInUndoBodySchema,
        response: { 200: envelope(checkInUndoResultSchema) },
      },
    },
    async (request) => {
      const auth = requirePartnerAuth(request);
      const { ticket_id, reason } = request.body;
      return ok(await undoCheckIn(db(), auth.partnerId, auth.memberId, request.params.id, ticket_id, reason));
    },
  );
};
