import {
  dayUpdateSchema,
  envelope,
  eventCreateResponseSchema,
  eventCreateSchema,
  eventDaySchema,
  eventDeleteQuerySchema,
  eventDetailSchema,
  eventQuerySchema,
  eventsQuerySchema,
  eventsResponseSchema,
  eventUpdateSchema,
  idParamsSchema,
  idParamSchema,
  recurrencePreviewQuerySchema,
  recurrencePreviewSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertPartner, requirePartnerAuth } from '../../plugins/auth.ts';
import { createEvent } from './create.ts';
import { deleteDay, updateDay } from './days.ts';
import { deleteEvents } from './delete.ts';
import { getEventDetail } from './detail.ts';
import { eventList, sendEventList } from './list-cache.ts';
import { previewRecurrence } from './recurrence.ts';
import { updateEvent } from './update.ts';
import { ok } from '../../lib/reply.ts';

const dayParams = z.object({ dayId: idParamSchema });

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['events'];
  const read = { access: 'partner' } as const;
  const write = { access: 'partner', permission: 'manage_events' } as const;
  const db = () => app.database.db;

  app.get(
    '/events',
    {
      config: read,
      schema: {
        summary: 'List an organization’s events',
        tags,
        querystring: eventsQuerySchema,
        response: { 200: envelope(eventsResponseSchema) },
      },
    },
    async (request, reply) => {
      const { partner_id, ordered } = request.query;
      assertPartner(request, partner_id);
      return sendEventList(request, reply, await eventList(db(), partner_id, ordered));
    },
  );

  app.get(
    '/events/recurrence-preview',
    {
      config: read,
      schema: {
        summary: 'Preview the dates a recurrence rule gives',
        tags,
        querystring: recurrencePreviewQuerySchema,
        response: { 200: envelope(recurrencePreviewSchema) },
      },
    },
    async (request) => ok(previewRecurrence(request.query)),
  );

  app.post(
    '/events',
    {
      config: write,
      schema: {
        summary: 'Create an event',
        tags,
        body: eventCreateSchema,
        response: { 200: envelope(eventCreateResponseSchema) },
      },
    },
    async (request) => {
      const { partnerId } = assertPartner(request, request.body.partner_id);
      return ok(await createEvent(db(), app.storage, request.log, partnerId, request.body));
    },
  );

  app.get(
    '/events/:id',
    {
      config: read,
      schema: {
        summary: 'Read an event',
        tags,
        params: idParamsSchema,
        querystring: eventQuerySchema,
        response: { 200: envelope(eventDetailSchema) },
      },
    },
    async (request) => {
      const { partnerId } = requirePartnerAuth(request);
      return ok(await getEventDetail(db(), partnerId, request.params.id, request.query.promocode === 'true'));
    },
  );

  app.put(
    '/events/:id',
    {
      config: write,
      schema: {
        summary: 'Change an event',
        errors: [409],
        tags,
        params: idParamsSchema,
        body: eventUpdateSchema,
        response: { 200: envelope(eventDetailSchema) },
      },
    },
    async (request) => {
      const { partnerId } = requirePartnerAuth(request);
      await updateEvent(db(), app.storage, request.log, partnerId, request.params.id, request.body);
      return ok(await getEventDetail(db(), partnerId, request.params.id, false));
    },
  );

  app.delete(
    '/events/:id',
    {
      config: write,
      schema: {
        summary: 'Delete an event, or the rest of its series',
        errors: [409],
        tags,
        params: idParamsSchema,
        querystring: eventDeleteQuerySchema,
        response: { 200: envelope(z.object({ deleted: z.array(z.number().int()) })) },
      },
    },
    async (request) => {
      const { partnerId } = requirePartnerAuth(request);
      return ok(await deleteEvents(db(), partnerId, request.params.id, request.query.recurrence));
    },
  );

  app.put(
    '/events/days/:dayId',
    {
      config: write,
      schema: {
        summary: 'Change a day or time slot of an event',
        errors: [409],
        tags,
        params: dayParams,
        body: dayUpdateSchema,
        response: { 200: envelope(eventDaySchema) },
      },
    },
    async (request) => {
      const { partnerId } = requirePartnerAuth(request);
      return ok(await updateDay(db(), partnerId, request.params.dayId, request.body));
    },
  );

  app.delete(
    '/events/days/:dayId',
    {
      config: write,
      schema: {
        summary: 'Delete a day or time slot of an event',
        errors: [409],
        tags,
        params: dayParams,
        response: { 200: envelope(z.object({ ID: z.number().int() })) },
      },
    },
    async (request) => {
      const { partnerId } = requirePartnerAuth(request);
      return ok(await deleteDay(db(), partnerId, request.params.dayId));
    },
  );
};
