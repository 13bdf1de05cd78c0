import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventsByPeriod } from '@portal/contract';
import { api } from '../../../lib/http.ts';

export const getEventsByPeriod = (partnerId: number) =>
  api<EventsByPeriod>('/events', { query: { partner_id: partnerId, ordered: true } });

export const eventsByPeriodQueryOptions = (partnerId: number) =>
  queryOptions({ queryKey: ['events', partnerId, 'by-period'], queryFn: () => getEventsByPeriod(partnerId) });

export const useEventsByPeriod = (partnerId: number) => useQuery(eventsByPeriodQueryOptions(partnerId));
