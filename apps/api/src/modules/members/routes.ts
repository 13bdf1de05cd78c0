import {
  envelope,
  memberParamsSchema,
  memberRolesBodySchema,
  memberRolesQuerySchema,
  removedMemberSchema,
  inviteBodySchema,
  inviteResponseSchema,
  memberSchema,
  membersQuerySchema,
  roleSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertPartner, requirePartnerAuth } from '../../plugins/auth.ts';
import { changeMemberRole, removeMember } from './change.ts';
import { checkInviter, inviteMember } from './invite.ts';
import { listMembers } from './list.ts';
import { listRoles } from './roles.ts';
import { ok } from '../../lib/reply.ts';

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/roles',
    {
      config: { access: 'user' },
      schema: {
        summary: 'List the roles a member can have',
        tags: ['members'],
        response: { 200: envelope(z.array(roleSchema)) },
      },
    },
    async () => ok(await listRoles(app.database.db)),
  );

  app.get(
    '/members',
    {
      config: { access: 'partner' },
      schema: {
        summary: 'List an organization’s members',
        tags: ['members'],
        querystring: membersQuerySchema,
        response: { 200: envelope(z.array(memberSchema)) },
      },
    },
    async (request) => {
      assertPartner(request, request.query.partner_id);
      return ok(await listMembers(app.database.db, request.query.partner_id, request.query.user_id));
    },
  );

  app.post(
    '/members',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Invite someone to the organization',
        errors: [409, 502],
        tags: ['members'],
        body: inviteBodySchema,
        response: { 200: envelope(inviteResponseSchema) },
      },
    },
    async (request) => {
      const auth = assertPartner(request, request.body.partner_id);
      await checkInviter(app.database.db, auth.partnerId, auth.userId, request.body.user_id);
      const data = await inviteMember(app.database.db, app.mailer, app.config.publicUrl, {
        partnerId: auth.partnerId,
        inviterId: auth.userId,
        fullName: request.body.full_name,
        email: request.body.email,
        roleId: request.body.roles[0]!,
      });
      return ok(data);
    },
  );

  app.patch(
    '/members/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Change a member’s role',
        errors: [409],
        tags: ['members'],
        params: memberParamsSchema,
        querystring: memberRolesQuerySchema,
        body: memberRolesBodySchema,
        response: { 200: envelope(memberSchema) },
      },
    },
    async (request) => {
      const { partnerId } = requirePartnerAuth(request);
      const member = await changeMemberRole(app.database.db, partnerId, request.params.id, request.body.roles[0]!);
      return ok(member);
    },
  );

  app.delete(
    '/members/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Remove a member from the organization',
        errors: [409],
        tags: ['members'],
        params: memberParamsSchema,
        response: { 200: envelope(removedMemberSchema) },
      },
    },
    async (request) => {
      const { partnerId } = requirePartnerAuth(request);
      return ok(await removeMember(app.database.db, partnerId, request.params.id));
    },
  );
};
