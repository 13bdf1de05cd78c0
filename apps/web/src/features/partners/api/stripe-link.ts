import { useMutation } from '@tanstack/react-query';
import { partnerEndpoints as endpoints } from '@portal/contract';
import { call } from '../../../lib/http.ts';

/** Asks where payout onboarding continues, then sends the browser there. */
export async function startOnboarding(partnerId: number) {
  const { AccountLink } = await call(endpoints.stripeLink, { params: { id: partnerId } });
  window.location.assign(AccountLink.url);
}

export const useStartOnboarding = (partnerId: number) => useMutation({ mutationFn: () => startOnboarding(partnerId) });
