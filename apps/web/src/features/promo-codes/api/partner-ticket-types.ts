import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventEndpoints as endpoints, type EventListItem } from '@portal/contract';
import { call } from '../../../lib/http.ts';

/** The partner's events with their ticket types, for step 3 of the promo wizard. */
export const partnerTicketTypesQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: ['events', partnerId, 'flat'],
    // Without `ordered` the list answers in its flat shape, which the definition cannot say.
    queryFn: () => call(endpoints.list, { query: { partner_id: partnerId } }) as Promise<EventListItem[]>,
  });

export const usePartnerTicketTypes = (partnerId: number) => useQuery(partnerTicketTypesQueryOptions(partnerId));
