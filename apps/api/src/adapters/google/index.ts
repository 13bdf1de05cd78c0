import * as oidc from 'openid-client';

export type GoogleSettings = { clientId: string; clientSecret: string; issuer: string };

/** What survives between the redirect to the provider and its callback (kept in an HttpOnly cookie). */
export type OidcTransaction = { state: string; nonce: string; verifier: string };

export type GoogleIdentity = { sub: string; email: string | null; emailVerified: boolean; name: string };

/** Sign-in with Google through OpenID Connect (authorization code + PKCE). */
export interface GoogleSignIn {
  start(redirectUri: string): Promise<{ url: string; transaction: OidcTransaction }>;
  finish(callbackUrl: URL, transaction: OidcTransaction): Promise<GoogleIdentity>;
}

export function createGoogleSignIn(settings: GoogleSettings): GoogleSignIn {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    // Plain http is only ever a provider on this machine (the tests' local OIDC provider).
    const local = new URL(settings.issuer).protocol === 'http:';
    discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        ...(local ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((err: unknown) => {
        discovered = undefined;
        throw err;
      });
    return discovered;
  };

  return {
    async start(redirectUri) {
      const config = await configuration();
      const transaction = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(transaction.verifier),
        code_challenge_method: 'S256',
        state: transaction.state,
        nonce: transaction.nonce,
      });
      return { url: url.toString(), transaction };
    },
    async finish(callbackUrl, transaction) {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: transaction.verifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('The provider answered without an ID token.');
      // Providers may keep the e-mail for the userinfo endpoint rather than the ID token.
      const claims =
        typeof idClaims.email === 'string'
          ? idClaims
          : await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      return {
        sub: idClaims.sub,
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : '',
      };
    },
  };
}
