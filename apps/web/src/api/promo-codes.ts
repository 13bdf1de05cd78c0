import { queryOptions, useQuery } from '@tanstack/react-query';
import { promoCodeEndpoints as endpoints, type EndpointInput } from '@portal/contract';
import { call } from '../lib/http.ts';

/** The partner's promo codes: the promo screens list them, ticket forms attach them. */
export const promoCodesQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: ['promocodes', partnerId],
    queryFn: () => call(endpoints.list, { query: { partner_id: partnerId } }),
  });

export const usePromoCodes = (partnerId: number) => useQuery(promoCodesQueryOptions(partnerId));

/** Ticket types with a quantity each (-1 unlimited). */
export const attachPromoCode = (promoId: number, items: EndpointInput<typeof endpoints.attach>['body']) =>
  call(endpoints.attach, { params: { id: promoId }, body: items });

export const detachPromoCode = (promoId: number, ticketTypeId: number) =>
  call(endpoints.detach, { params: { promoId, ticketTypeId } });
