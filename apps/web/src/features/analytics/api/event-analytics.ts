import { queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsEndpoints as endpoints } from '@portal/contract';
import { call } from '../../../lib/http.ts';

/** One event's analytics with full_info: sales per day and figures per ticket type for the charts. */
export const getEventAnalytics = (id: number) => call(endpoints.event, { params: { id }, query: { full_info: true } });

export const eventAnalyticsQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['analytics', 'event', id], queryFn: () => getEventAnalytics(id) });

export const useEventAnalytics = (id: number) => useQuery(eventAnalyticsQueryOptions(id));
