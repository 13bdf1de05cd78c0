import { z } from 'zod';
import { idParamSchema, idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { idAndName, idParams, int } from './fields.ts';
import { emailSchema } from './identity.ts';
import { messages } from './messages.ts';

export const permissionSchema = z.object({ ID: int, value: z.string() });
export const roleSchema = z.object({
  ...idAndName,
  value: z.string(),
  Permissions: z.array(permissionSchema),
});
export type Role = z.infer<typeof roleSchema>;

export const memberSchema = z.object({
  MemberID: int,
  PartnerID: int,
  UserID: int,
  User: z.object({ full_name: z.string() }),
  email: z.string(),
  Roles: z.array(z.object({ ...idAndName, value: z.string() })),
  /** false: invited, not yet accepted. */
  status: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const membersQuerySchema = z.object({ partner_id: idParamSchema, user_id: idParamSchema.optional() });

export const inviteBodySchema = z.object({
  full_name: z
    .string({ error: messages.nameRequired })
    .trim()
    .min(1, messages.nameRequired)
    .max(200, 'A name has at most 200 characters.'),
  email: emailSchema,
  /** The spec sends the chosen role as a list of one. */
  roles: z.array(idSchema).length(1, 'choose one role'),
  partner_id: idSchema,
  user_id: idSchema.optional(),
});
export type InviteBody = z.input<typeof inviteBodySchema>;
export const inviteResponseSchema = z.object({ member_id: int, partner_id: int });
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

export const memberParamsSchema = idParams('id');
export const memberRolesQuerySchema = z.object({ roles: z.literal('true') });
export const memberRolesBodySchema = z.object({
  roles: z.array(idSchema).length(1, 'choose one role'),
});
export const removedMemberSchema = z.object({ member_id: int });
export type RemovedMember = z.infer<typeof removedMemberSchema>;

const tags = ['members'];

/** An organization's team: who is in it, with which role, and the invitations. */
export const memberEndpoints = {
  roles: endpoint({
    access: 'user',
    tags,
    method: 'GET',
    path: '/roles',
    summary: 'List the roles a member can have',
    response: z.array(roleSchema),
  }),
  list: endpoint({
    access: 'partner',
    tags,
    method: 'GET',
    path: '/members',
    summary: 'List an organization’s members',
    query: membersQuerySchema,
    response: z.array(memberSchema),
  }),
  invite: endpoint({
    access: 'admin',
    tags,
    method: 'POST',
    path: '/members',
    summary: 'Invite someone to the organization',
    errors: [409, 502],
    body: inviteBodySchema,
    response: inviteResponseSchema,
  }),
  changeRole: endpoint({
    access: 'admin',
    tags,
    method: 'PATCH',
    path: '/members/:id',
    summary: 'Change a member’s role',
    errors: [409],
    params: memberParamsSchema,
    query: memberRolesQuerySchema,
    body: memberRolesBodySchema,
    response: memberSchema,
  }),
  remove: endpoint({
    access: 'admin',
    tags,
    method: 'DELETE',
    path: '/members/:id',
    summary: 'Remove a member from the organization',
    errors: [409],
    params: memberParamsSchema,
    response: removedMemberSchema,
  }),
};
