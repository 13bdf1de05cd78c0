import { eventEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { assertPartner, requirePartnerAuth } from '../../plugins/auth.ts';
import { createEvent } from './create.ts';
import { deleteDay, updateDay } from './days.ts';
import { deleteEvents } from './delete.ts';
import { getEventDetail } from './detail.ts';
import { sendKeptAnswer } from '../../lib/kept-answer.ts';
import { eventList } from './list-cache.ts';
import { previewRecurrence } from './recurrence.ts';
import { updateEvent } from './update.ts';

export const eventsRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db;

  serveEndpoint(app, endpoints.list, async (request, reply) => {
    const { partner_id, ordered } = request.query;
    assertPartner(request, partner_id);
    return sendKeptAnswer(request, reply, await eventList(db(), partner_id, ordered));
  });
  serveEndpoint(app, endpoints.recurrencePreview, (request) => previewRecurrence(request.query));
  serveEndpoint(app, endpoints.create, async (request) => {
    const { partnerId } = assertPartner(request, request.body.partner_id);
    return createEvent(db(), app.storage, request.log, partnerId, request.body);
  });
  serveEndpoint(app, endpoints.get, async (request) =>
    getEventDetail(db(), requirePartnerAuth(request).partnerId, request.params.id, request.query.promocode === 'true'),
  );
  serveEndpoint(app, endpoints.update, async (request) => {
    const { partnerId } = requirePartnerAuth(request);
    await updateEvent(db(), app.storage, request.log, partnerId, request.params.id, request.body);
    return getEventDetail(db(), partnerId, request.params.id, false);
  });
  serveEndpoint(app, endpoints.delete, async (request) =>
    deleteEvents(db(), requirePartnerAuth(request).partnerId, request.params.id, request.query.recurrence),
  );
  serveEndpoint(app, endpoints.updateDay, async (request) =>
    updateDay(db(), requirePartnerAuth(request).partnerId, request.params.dayId, request.body),
  );
  serveEndpoint(app, endpoints.deleteDay, async (request) =>
    deleteDay(db(), requirePartnerAuth(request).partnerId, request.params.dayId),
  );
};
