import type { IdToken } from '@portal/contract';
import { api } from '../../../lib/http.ts';
import { exchangeIdentityToken } from './sign-in.ts';

/** An e-mailed link's code (or Google's one-time code) → identity token → the user's session. */
export async function signInWithCode(oobCode: string) {
  const { id_token } = await api<IdToken>('/identity/sign-in-with-code', {
    method: 'POST',
    body: { oobCode },
    auth: false,
  });
  return exchangeIdentityToken(id_token);
}
