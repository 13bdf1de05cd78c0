import { queryOptions, useQuery } from '@tanstack/react-query';
import { seatMapEndpoints as endpoints } from '@portal/contract';
import { call } from '../lib/http.ts';
import { usePartnerId } from '../lib/session.ts';

/**
 * The organization's seat maps: the seat map screens draw and save them, an event's seating chooses
 * one. The keys name the organization, so a switch never shows another's maps.
 */
export const seatMapsQueryOptions = (partnerId: number) =>
  queryOptions({ queryKey: ['seat-maps', partnerId], queryFn: () => call(endpoints.list, {}) });

export const seatMapQueryOptions = (partnerId: number, id: number) =>
  queryOptions({ queryKey: ['seat-maps', partnerId, id], queryFn: () => call(endpoints.get, { query: { id } }) });

export const useSeatMaps = () => useQuery(seatMapsQueryOptions(usePartnerId()));

export const useSeatMap = (id: number | null) => {
  const partnerId = usePartnerId();
  return useQuery({ ...seatMapQueryOptions(partnerId, id ?? 0), enabled: id !== null });
};
