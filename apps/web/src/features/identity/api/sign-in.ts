import { useMutation } from '@tanstack/react-query';
import type { IdToken, LoginResponse, SignInBody } from '@portal/contract';
import { api } from '../../../lib/http.ts';
import { updateSession } from '../../../lib/session.ts';

/** POST /login with an identity token; stores the user's session values. */
export async function exchangeIdentityToken(idToken: string): Promise<LoginResponse> {
  const login = await api<LoginResponse>('/login', { method: 'POST', body: { firebase_id: idToken }, auth: false });
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
  const { id_token } = await api<IdToken>('/identity/sign-in', { method: 'POST', body, auth: false });
  return exchangeIdentityToken(id_token);
}

export const useSignIn = () => useMutation({ mutationFn: signInWithPassword });
