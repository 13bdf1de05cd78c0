import fastifyCookie from '@fastify/cookie';
import { identityEndpoints } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createGoogleSignIn, type OidcTransaction } from '../../adapters/google/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { identityDeps } from './deps.ts';
import { codeForGoogleIdentity, GoogleAccountError } from './google.ts';

const COOKIE = 'portal_oidc';
const COOKIE_PATH = '/api/identity/google';

export const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only these routes read or set a cookie: registered here, its hooks run on no other request.
  await app.register(fastifyCookie);
  const google = app.config.google ? createGoogleSignIn(app.config.google) : undefined;
  const callbackUrl = `${app.config.publicUrl}/api/identity/google/callback`;
  const secure = app.config.publicUrl.startsWith('https:');
  const toLogin = (message: string) => `/login?${new URLSearchParams({ error: message })}`;

  serveEndpoint(app, identityEndpoints.providers, () => ({ google: Boolean(google) }));

  app.get(
    '/identity/google/start',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Start signing in with Google',
        errors: [404],
        tags: ['identity'],
        response: { 302: z.null().describe('To Google’s sign-in page.') },
      },
    },
    async (_request, reply) => {
      if (!google) throw new HttpError(404, 'not_found', 'Sign-in with Google is not configured on this server.');
      const { url, transaction } = await google.start(callbackUrl);
      const sealed = await app.tokens.signTransient(transaction, 'oidc', 600);
      reply.setCookie(COOKIE, sealed, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure, maxAge: 600 });
      return reply.redirect(url);
    },
  );

  app.get(
    '/identity/google/callback',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Finish signing in with Google',
        tags: ['identity'],
        querystring: z.object({ error: z.string().optional(), error_description: z.string().optional() }).loose(),
        response: {
          302: z.null().describe('To the portal, signed in, or to its sign-in page saying what went wrong.'),
        },
      },
    },
    async (request, reply) => {
      reply.clearCookie(COOKIE, { path: COOKIE_PATH });
      if (!google) return reply.redirect(toLogin('Sign-in with Google is not configured on this server.'));
      // The provider's own message, as the spec asks, when it refused.
      if (request.query.error) return reply.redirect(toLogin(request.query.error_description ?? request.query.error));
      const sealed = request.cookies[COOKIE];
      const transaction = sealed
        ? ((await app.tokens.verifyTransient(sealed, 'oidc')) as OidcTransaction | null)
        : null;
      if (!transaction)
        return reply.redirect(toLogin('The Google sign-in took too long or was interrupted. Try again.'));
      try {
        const identity = await google.finish(new URL(request.url, app.config.publicUrl), transaction);
        const code = await codeForGoogleIdentity(identityDeps(app), identity);
        return reply.redirect(`/usermgmt?${new URLSearchParams({ mode: 'google', oobCode: code })}`);
      } catch (err) {
        if (err instanceof GoogleAccountError) return reply.redirect(toLogin(err.message));
        request.log.warn({ err }, 'google sign-in failed');
        return reply.redirect(toLogin(err instanceof Error ? err.message : 'Google sign-in failed.'));
      }
    },
  );
};
