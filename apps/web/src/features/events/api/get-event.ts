import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDetail } from '@portal/contract';
import { api } from '../../../lib/http.ts';

/** One event with its days, ticket types (and their promo codes) and sponsors. */
export const eventQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['event', id],
    queryFn: () => api<EventDetail>(`/events/${id}`, { query: { promocode: true } }),
  });

export const useEvent = (id: number) => useQuery(eventQueryOptions(id));
