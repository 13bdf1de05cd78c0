import { useMutation, useQueryClient } from '@tanstack/react-query';
import { seatingEndpoints as endpoints, type EventSeatingBody } from '@portal/contract';
import { daySeatStatesQueryOptions, eventSeatingQueryOptions } from '../../../api/seating.ts';
import { call } from '../../../lib/http.ts';

/** Chooses the event's map and its types' categories; every day's seats are read again on the new map. */
export function useSaveEventSeating(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventSeatingBody) => call(endpoints.set, { params: { id: eventId }, body }),
    onSuccess: async (seating) => {
      queryClient.setQueryData(eventSeatingQueryOptions(eventId).queryKey, seating);
      await queryClient.invalidateQueries({ queryKey: ['event', eventId, 'day-seats'] });
    },
  });
}

/** Saves every seat held back on the day; the answer is the day's seats as they now are. */
export function useSaveHeldSeats(eventId: number, dayId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seatIds: number[]) =>
      call(endpoints.setHeldSeats, { params: { id: eventId, dayId }, body: { seat_ids: seatIds } }),
    onSuccess: (day) => queryClient.setQueryData(daySeatStatesQueryOptions(eventId, dayId).queryKey, day),
  });
}
