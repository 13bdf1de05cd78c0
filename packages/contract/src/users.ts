import { z } from 'zod';
import { idParamsSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { idAndName, int } from './fields.ts';
import { updateUserBodySchema } from './identity.ts';

export const userPartnerSchema = z.object({
  ...idAndName,
  image: z.string(),
});
export type UserPartner = z.infer<typeof userPartnerSchema>;

export const userSchema = z.object({
  ID: int,
  email: z.string(),
  full_name: z.string(),
  phone_number: z.string(),
  Partners: z.array(userPartnerSchema),
});
export type User = z.infer<typeof userSchema>;

const user = { access: 'user', tags: ['users'] } as const;

/** The signed-in user's own record: nobody else's is ever listed or read. */
export const userEndpoints = {
  list: endpoint({
    ...user,
    method: 'GET',
    path: '/users',
    summary: 'Read the signed-in user and their organizations',
    response: z.array(userSchema),
  }),
  get: endpoint({
    ...user,
    method: 'GET',
    path: '/users/:id',
    summary: 'Read the signed-in user by id',
    params: idParamsSchema,
    response: userSchema,
  }),
  update: endpoint({
    ...user,
    method: 'PUT',
    path: '/users/:id',
    summary: 'Mark the signed-in user’s account active or inactive',
    params: idParamsSchema,
    body: updateUserBodySchema,
    response: userSchema,
  }),
};
