import { fanEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { assertPartner } from '../../plugins/auth.ts';
import { identityDeps, requestPasswordReset } from '../identity/index.ts';
import { fanData } from './history.ts';
import { confirmPin, requestPin, type PinDeps } from './identity-pin.ts';
import { listFans, partnerFan } from './list.ts';
import { addNote, listNotes } from './notes.ts';

export const fansRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db;
  const pinDeps = (): PinDeps => ({ db: db(), mailer: app.mailer, messenger: app.messenger, limiter: app.limiter });

  serveEndpoint(app, endpoints.list, async (req) =>
    listFans(db(), assertPartner(req, req.params.id).partnerId, req.query),
  );
  serveEndpoint(app, endpoints.history, async (req) =>
    fanData(db(), assertPartner(req, req.params.partnerId).partnerId, req.params.fanId),
  );
  serveEndpoint(app, endpoints.notes, async (req) =>
    listNotes(db(), assertPartner(req, req.params.partnerId).partnerId, req.params.fanId),
  );
  serveEndpoint(app, endpoints.addNote, async (req) => {
    const auth = assertPartner(req, req.body.partner_id);
    return addNote(db(), { partnerId: auth.partnerId, memberId: auth.memberId, email: auth.email }, req.body);
  });
  serveEndpoint(app, endpoints.requestPin, async (req) =>
    requestPin(pinDeps(), assertPartner(req, req.params.partnerId), req.params.fanId, req.query.channel),
  );
  serveEndpoint(app, endpoints.confirmPin, async (req) =>
    confirmPin(pinDeps(), assertPartner(req, req.params.partnerId), req.params.fanId, req.body.pin),
  );
  serveEndpoint(app, endpoints.resetPassword, async (req) => {
    const fan = await partnerFan(db(), assertPartner(req, req.params.id).partnerId, req.params.fanId);
    await requestPasswordReset(identityDeps(app), req.ip, fan.email);
    return { sent: true as const };
  });
};
