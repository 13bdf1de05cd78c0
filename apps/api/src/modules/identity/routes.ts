import { identityEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { forbidden } from '../../lib/http-error.ts';
import { hashNewPassword } from '../../lib/passwords.ts';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { requireUser } from '../../plugins/auth.ts';
import { identityDeps } from './deps.ts';
import { sendSignInLink, signInWithCode } from './email-link.ts';
import { confirmPasswordReset, requestPasswordReset, verifyResetCode } from './password-reset.ts';
import { exchangeIdentityToken, loginToPartner, signInWithPassword, storePassword } from './service.ts';
import { revokeSignIn } from './sessions.ts';

export const identityRoutes: FastifyPluginAsync = async (app) => {
  const deps = () => identityDeps(app);

  serveEndpoint(app, endpoints.signIn, async (req) =>
    signInWithPassword(deps(), req.ip, req.body.email, req.body.password),
  );

  serveEndpoint(app, endpoints.login, async (req) => exchangeIdentityToken(deps(), req.body.firebase_id));

  serveEndpoint(app, endpoints.loginPartner, async (req) => {
    const auth = requireUser(req);
    const user = { id: auth.userId, uid: auth.uid, signInMethod: auth.signInMethod, signInId: auth.signInId };
    return loginToPartner(deps(), user, req.body.partner_id);
  });

  serveEndpoint(app, endpoints.me, (req) => {
    // Everything here is what the token resolved to: no query (the auth plugin keeps it fresh).
    const auth = requireUser(req);
    return {
      user_id: auth.userId,
      uid: auth.uid,
      email: auth.email,
      full_name: auth.fullName,
      partner_id: auth.partnerId,
    };
  });

  serveEndpoint(app, endpoints.logout, async (req) => {
    // Every token of this sign-in ends: the user-level one and each organization's.
    await revokeSignIn(app.database.db, requireUser(req).signInId);
    return { logged_out: true as const };
  });

  serveEndpoint(app, endpoints.forgotPassword, async (req) => requestPasswordReset(deps(), req.ip, req.body.email));

  serveEndpoint(app, endpoints.resetCode, async (req) => verifyResetCode(deps(), req.ip, req.body.oobCode));

  serveEndpoint(app, endpoints.resetPassword, async (req) =>
    confirmPasswordReset(deps(), req.ip, req.body.oobCode, req.body.password),
  );

  serveEndpoint(app, endpoints.signInLink, async (req) =>
    sendSignInLink(deps(), req.ip, req.body.email, req.body.continuePath),
  );

  serveEndpoint(app, endpoints.signInWithCode, async (req) => signInWithCode(deps(), req.ip, req.body.oobCode));

  serveEndpoint(app, endpoints.setPassword, async (req) => {
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
    return { reset: true as const };
  });
};
