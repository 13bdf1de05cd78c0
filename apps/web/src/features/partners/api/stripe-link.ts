import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http.ts';

/** Asks where payout onboarding continues, then sends the browser there. */
export async function startOnboarding(partnerId: number) {
  const { AccountLink } = await api<{ AccountLink: { url: string } }>(`/partners/${partnerId}/stripe_link`);
  window.location.assign(AccountLink.url);
}

export const useStartOnboarding = (partnerId: number) => useMutation({ mutationFn: () => startOnboarding(partnerId) });
