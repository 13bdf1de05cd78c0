import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventEndpoints as endpoints } from '@portal/contract';
import { call } from '../../../lib/http.ts';

/** One event with its days, ticket types (and their promo codes) and sponsors. */
export const eventQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['event', id],
    queryFn: () => call(endpoints.get, { params: { id }, query: { promocode: true } }),
  });

export const useEvent = (id: number) => useQuery(eventQueryOptions(id));
