import { identityEndpoints as endpoints } from '@portal/contract';
import { call } from '../../../lib/http.ts';
import { clearSession } from '../../../lib/session.ts';

/** Revokes the server session, then clears the browser's values whatever the answer. */
export async function logout() {
  await call(endpoints.logout).catch(() => undefined);
  clearSession();
}
