import { api } from '../../../lib/http.ts';
import { clearSession } from '../../../lib/session.ts';

/** Revokes the server session, then clears the browser's values whatever the answer. */
export async function logout() {
  await api('/identity/logout', { method: 'POST' }).catch(() => undefined);
  clearSession();
}
