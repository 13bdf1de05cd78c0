import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { promoCodeEndpoints as endpoints, type PromoCodeInput, type PromoCodeUpdate } from '@portal/contract';
import { promoCodesQueryOptions } from '../../../api/promo-codes.ts';
import { call } from '../../../lib/http.ts';

export const promoCodeQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['promocode', id], queryFn: () => call(endpoints.get, { params: { id } }) });

export const usePromoCode = (id: number | null) =>
  useQuery({ ...promoCodeQueryOptions(id ?? 0), enabled: id !== null });

export const createPromoCode = (body: PromoCodeInput) => call(endpoints.create, { body });
export const updatePromoCode = (id: number, body: PromoCodeUpdate) => call(endpoints.update, { params: { id }, body });

/** Activate and Disable: `active` alone, sent at once; the grid shows the answer. */
export function useSetPromoActive(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => updatePromoCode(id, { active }),
    onSuccess: (promo) =>
      queryClient.setQueryData(promoCodesQueryOptions(partnerId).queryKey, (list = []) =>
        list.map((p) => (p.ID === promo.ID ? promo : p)),
      ),
  });
}
