import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventListItem } from '@portal/contract';
import { api } from '../../../lib/http.ts';

/** The partner's events with their ticket types, for step 3 of the promo wizard. */
export const partnerTicketTypesQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: ['events', partnerId, 'flat'],
    queryFn: () => api<EventListItem[]>('/events', { query: { partner_id: partnerId } }),
  });

export const usePartnerTicketTypes = (partnerId: number) => useQuery(partnerTicketTypesQueryOptions(partnerId));
