import { identityEndpoints as endpoints } from '@portal/contract';
import { call } from '../../../lib/http.ts';
import { exchangeIdentityToken } from './sign-in.ts';

/** An e-mailed link's code (or Google's one-time code) → identity token → the user's session. */
export async function signInWithCode(oobCode: string) {
  const { id_token } = await call(endpoints.signInWithCode, { body: { oobCode } });
  return exchangeIdentityToken(id_token);
}
