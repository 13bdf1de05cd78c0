import {
  envelope,
  idTokenSchema,
  loginBodySchema,
  loginPartnerBodySchema,
  loginPartnerResponseSchema,
  loginResponseSchema,
  meSchema,
  signInBodySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { requireUser } from '../../plugins/auth.ts';
import { unauthenticated } from '../../lib/http-error.ts';
import { exchangeIdentityToken, loginToPartner, signInWithPassword } from './service.ts';
import { revokeSession } from './sessions.ts';

export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.database.db,
    tokens: app.tokens,
    ttlMinutes: app.config.accessTokenTtlMinutes,
  });

  app.post(
    '/identity/sign-in',
    {
      config: { access: 'public' },
      schema: { tags: ['identity'], body: signInBodySchema, response: { 200: envelope(idTokenSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await signInWithPassword(deps(), request.body.email, request.body.password),
    }),
  );

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: { tags: ['identity'], body: loginBodySchema, response: { 200: envelope(loginResponseSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await exchangeIdentityToken(deps(), request.body.firebase_id),
    }),
  );

  app.post(
    '/login/partner',
    {
      config: { access: 'user' },
      schema: {
        tags: ['identity'],
        security: [{ bearer: [] }],
        body: loginPartnerBodySchema,
        response: { 200: envelope(loginPartnerResponseSchema) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const token = await loginToPartner(deps(), { id: auth.userId, uid: auth.uid }, request.body.partner_id);
      return { success: true as const, data: token };
    },
  );

  app.get(
    '/partner/v1/auth/me',
    {
      config: { access: 'user' },
      schema: { tags: ['identity'], security: [{ bearer: [] }], response: { 200: envelope(meSchema) } },
    },
    async (request) => {
      const auth = requireUser(request);
      const [user] = await app.database.db
        .select({ fullName: users.fullName })
        .from(users)
        .where(eq(users.id, auth.userId));
      if (!user) throw unauthenticated();
      return {
        success: true as const,
        data: {
          user_id: auth.userId,
          uid: auth.uid,
          email: auth.email,
          full_name: user.fullName,
          partner_id: auth.partnerId,
        },
      };
    },
  );

  app.post(
    '/identity/logout',
    {
      config: { access: 'user' },
      schema: {
        tags: ['identity'],
        security: [{ bearer: [] }],
        response: { 200: envelope(z.object({ logged_out: z.literal(true) })) },
      },
    },
    async (request) => {
      await revokeSession(app.database.db, requireUser(request).sessionId);
      return { success: true as const, data: { logged_out: true as const } };
    },
  );
};
