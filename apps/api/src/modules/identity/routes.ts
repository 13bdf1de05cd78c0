import {
  confirmResetBodySchema,
  emailBodySchema,
  envelope,
  idTokenSchema,
  loginBodySchema,
  loginPartnerBodySchema,
  loginPartnerResponseSchema,
  loginResponseSchema,
  meSchema,
  oobCodeBodySchema,
  resetCodeInfoSchema,
  resetDoneSchema,
  sentSchema,
  setPasswordBodySchema,
  signInBodySchema,
  signInLinkBodySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/http-error.ts';
import { hashNewPassword } from '../../lib/passwords.ts';
import { requireUser } from '../../plugins/auth.ts';
import { identityDeps } from './deps.ts';
import { sendSignInLink, signInWithCode } from './email-link.ts';
import { confirmPasswordReset, requestPasswordReset, verifyResetCode } from './password-reset.ts';
import { exchangeIdentityToken, loginToPartner, signInWithPassword, storePassword } from './service.ts';
import { revokeSignIn } from './sessions.ts';
import { ok } from '../../lib/reply.ts';

export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => identityDeps(app);
  const tags = ['identity'];
  const pub = { access: 'public' } as const;
  const user = { access: 'user' } as const;

  app.post(
    '/identity/sign-in',
    {
      config: pub,
      schema: {
        summary: 'Sign in with an e-mail address and password',
        errors: [401, 429, 503],
        tags,
        body: signInBodySchema,
        response: { 200: envelope(idTokenSchema) },
      },
    },
    async (req) => ok(await signInWithPassword(deps(), req.ip, req.body.email, req.body.password)),
  );

  app.post(
    '/login',
    {
      config: pub,
      schema: {
        summary: 'Exchange an identity token for an access token',
        errors: [401],
        tags,
        body: loginBodySchema,
        response: { 200: envelope(loginResponseSchema) },
      },
    },
    async (req) => ok(await exchangeIdentityToken(deps(), req.body.firebase_id)),
  );

  app.post(
    '/login/partner',
    {
      config: user,
      schema: {
        summary: 'Open a session for one organization',
        errors: [404],
        tags,
        body: loginPartnerBodySchema,
        response: { 200: envelope(loginPartnerResponseSchema) },
      },
    },
    async (req) => {
      const auth = requireUser(req);
      const user = { id: auth.userId, uid: auth.uid, signInMethod: auth.signInMethod, signInId: auth.signInId };
      return ok(await loginToPartner(deps(), user, req.body.partner_id));
    },
  );

  app.get(
    '/partner/v1/auth/me',
    { config: user, schema: { summary: 'Read who the token belongs to', tags, response: { 200: envelope(meSchema) } } },
    async (req) => {
      // Everything here is what the token resolved to: no query (the auth plugin keeps it fresh).
      const auth = requireUser(req);
      return ok({
        user_id: auth.userId,
        uid: auth.uid,
        email: auth.email,
        full_name: auth.fullName,
        partner_id: auth.partnerId,
      });
    },
  );

  app.post(
    '/identity/logout',
    {
      config: user,
      schema: {
        summary: 'Sign out of every session of this sign-in',
        tags,
        response: { 200: envelope(z.object({ logged_out: z.literal(true) })) },
      },
    },
    async (req) => {
      // Every token of this sign-in ends: the user-level one and each organization's.
      await revokeSignIn(app.database.db, requireUser(req).signInId);
      return ok({ logged_out: true as const });
    },
  );

  app.post(
    '/public/users/forgot',
    {
      config: pub,
      schema: {
        summary: 'Send a password reset link',
        errors: [429, 503],
        tags,
        body: emailBodySchema,
        response: { 200: envelope(sentSchema) },
      },
    },
    async (req) => ok(await requestPasswordReset(deps(), req.ip, req.body.email)),
  );

  app.post(
    '/identity/reset-code',
    {
      config: pub,
      schema: {
        summary: 'Check a password reset link',
        errors: [429, 503],
        tags,
        body: oobCodeBodySchema,
        response: { 200: envelope(resetCodeInfoSchema) },
      },
    },
    async (req) => ok(await verifyResetCode(deps(), req.ip, req.body.oobCode)),
  );

  app.post(
    '/identity/reset-password',
    {
      config: pub,
      schema: {
        summary: 'Choose a new password with a reset link',
        errors: [429, 503],
        tags,
        body: confirmResetBodySchema,
        response: { 200: envelope(resetDoneSchema) },
      },
    },
    async (req) => ok(await confirmPasswordReset(deps(), req.ip, req.body.oobCode, req.body.password)),
  );

  app.post(
    '/identity/sign-in-link',
    {
      config: pub,
      schema: {
        summary: 'Send a sign-in link by e-mail',
        errors: [429, 503],
        tags,
        body: signInLinkBodySchema,
        response: { 200: envelope(sentSchema) },
      },
    },
    async (req) => ok(await sendSignInLink(deps(), req.ip, req.body.email, req.body.continuePath)),
  );

  app.post(
    '/identity/sign-in-with-code',
    {
      config: pub,
      schema: {
        summary: 'Sign in with an e-mailed link',
        errors: [429, 503],
        tags,
        body: oobCodeBodySchema,
        response: { 200: envelope(idTokenSchema) },
      },
    },
    async (req) => ok(await signInWithCode(deps(), req.ip, req.body.oobCode)),
  );

  app.post(
    '/identity/password',
    {
      config: user,
      schema: {
        summary: 'Choose a password after signing in by link',
        tags,
        body: setPasswordBodySchema,
        response: { 200: envelope(resetDoneSchema) },
      },
    },
    async (req) => {
      const auth = requireUser(req);
      // Only a session opened by an e-mailed link in the last hour may choose a password: it proves
      // the address, where a copied access token proves nothing.
      // Partner sessions are excluded: they are opened later, and would keep the hour going for ever.
      if (
        auth.signInMethod !== 'link' ||
        auth.partnerId !== null ||
        Date.now() - auth.signedInAt.getTime() > 60 * 60_000
      ) {
        throw forbidden('Open the link from your e-mail again to choose a password.');
      }
      await storePassword(app.database.db, auth.userId, await hashNewPassword(req.body.password), auth.sessionId);
      return ok({ reset: true as const });
    },
  );
};
