import { queryOptions, useQuery } from '@tanstack/react-query';
import { seatingEndpoints as endpoints } from '@portal/contract';
import { call } from '../lib/http.ts';

/**
 * An event's seating and a day's seats: the event's Seating tab changes them, its analytics count them.
 * Under the event's key: whatever reads the event again reads its seating again too.
 */
export const eventSeatingQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: ['event', eventId, 'seating'],
    queryFn: () => call(endpoints.get, { params: { id: eventId } }),
  });

export const daySeatStatesQueryOptions = (eventId: number, dayId: number) =>
  queryOptions({
    queryKey: ['event', eventId, 'day-seats', dayId],
    queryFn: () => call(endpoints.seatStates, { params: { id: eventId, dayId } }),
  });

export const useEventSeating = (eventId: number) => useQuery(eventSeatingQueryOptions(eventId));

export const useDaySeatStates = (eventId: number, dayId: number | null) =>
  useQuery({ ...daySeatStatesQueryOptions(eventId, dayId ?? 0), enabled: dayId !== null });
