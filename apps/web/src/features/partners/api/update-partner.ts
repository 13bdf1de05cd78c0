import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partnerEndpoints as endpoints, type PartnerUpdate } from '@portal/contract';
import { call } from '../../../lib/http.ts';
import { updateSession } from '../../../lib/session.ts';
import { partnerQueryOptions } from './get-partner.ts';

/**
 * PUT for name, logo and royalty; PATCH for colours (spec, access §7). The answer replaces the cached
 * partner, and its image becomes the stored partnerLogo so the header changes at once.
 */
export function useUpdatePartner(partnerId: number, method: 'PUT' | 'PATCH' = 'PUT') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerUpdate) =>
      call(method === 'PUT' ? endpoints.update : endpoints.patch, { params: { id: partnerId }, body }),
    onSuccess: (partner) => {
      queryClient.setQueryData(partnerQueryOptions(partnerId).queryKey, partner);
      updateSession({ partnerLogo: partner.image });
      void queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
    },
  });
}
