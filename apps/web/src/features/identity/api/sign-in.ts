import { useMutation } from '@tanstack/react-query';
import { identityEndpoints as endpoints, type LoginResponse, type SignInBody } from '@portal/contract';
import { call } from '../../../lib/http.ts';
import { updateSession } from '../../../lib/session.ts';

/** POST /login with an identity token; stores the user's session values. */
export async function exchangeIdentityToken(idToken: string): Promise<LoginResponse> {
  const login = await call(endpoints.login, { body: { firebase_id: idToken } });
  updateSession({
    accessToken: login.access_token,
    uid: login.uid,
    userId: login.user_id,
    partnerId: null,
    partnerLogo: null,
  });
  return login;
}

/** E-mail and password → identity token → POST /login. */
export async function signInWithPassword(body: SignInBody): Promise<LoginResponse> {
  const { id_token } = await call(endpoints.signIn, { body });
  return exchangeIdentityToken(id_token);
}

export const useSignIn = () => useMutation({ mutationFn: signInWithPassword });
