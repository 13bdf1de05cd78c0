import { memberEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { assertPartner, requirePartnerAuth } from '../../plugins/auth.ts';
import { changeMemberRole, removeMember } from './change.ts';
import { checkInviter, inviteMember } from './invite.ts';
import { listMembers } from './list.ts';
import { listRoles } from './roles.ts';

export const membersRoutes: FastifyPluginAsync = async (app) => {
  serveEndpoint(app, endpoints.roles, async () => listRoles(app.database.db));

  serveEndpoint(app, endpoints.list, async (request) => {
    assertPartner(request, request.query.partner_id);
    return listMembers(app.database.db, request.query.partner_id, request.query.user_id);
  });

  serveEndpoint(app, endpoints.invite, async (request) => {
    const auth = assertPartner(request, request.body.partner_id);
    await checkInviter(app.database.db, auth.partnerId, auth.userId, request.body.user_id);
    return inviteMember(app.database.db, app.mailer, app.config.publicUrl, {
      partnerId: auth.partnerId,
      inviterId: auth.userId,
      fullName: request.body.full_name,
      email: request.body.email,
      roleId: request.body.roles[0]!,
    });
  });

  serveEndpoint(app, endpoints.changeRole, async (request) => {
    const { partnerId } = requirePartnerAuth(request);
    return changeMemberRole(app.database.db, partnerId, request.params.id, request.body.roles[0]!);
  });

  serveEndpoint(app, endpoints.remove, async (request) => {
    const { partnerId } = requirePartnerAuth(request);
    return removeMember(app.database.db, partnerId, request.params.id);
  });
};
