import { useMutation } from '@tanstack/react-query';
import { identityEndpoints, type UserPartner } from '@portal/contract';
import { call } from '../../../lib/http.ts';
import { updateSession } from '../../../lib/session.ts';

/** POST /login/partner → the partner-scoped token, stored with the partner's id and logo. */
export async function loginPartner(partner: UserPartner): Promise<void> {
  const token = await call(identityEndpoints.loginPartner, { body: { partner_id: partner.ID } });
  updateSession({ accessToken: token, partnerId: partner.ID, partnerLogo: partner.image });
}

export const useLoginPartner = () => useMutation({ mutationFn: loginPartner });
