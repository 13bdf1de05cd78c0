import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoCode } from '@portal/contract';
import { api } from '../lib/http.ts';

/** The partner's promo codes: the promo screens list them, ticket forms attach them. */
export const promoCodesQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: ['promocodes', partnerId],
    queryFn: () => api<PromoCode[]>('/promocodes', { query: { partner_id: partnerId } }),
  });

export const usePromoCodes = (partnerId: number) => useQuery(promoCodesQueryOptions(partnerId));

/** POST promocodes/{id}/attach: ticket types with a quantity each (-1 unlimited). */
export const attachPromoCode = (promoId: number, items: { id: number; quantity: number }[]) =>
  api<PromoCode>(`/promocodes/${promoId}/attach`, { method: 'POST', body: items });

export const detachPromoCode = (promoId: number, ticketTypeId: number) =>
  api<PromoCode>(`/promocodes/detach/${promoId}/${ticketTypeId}`, { method: 'DELETE' });
