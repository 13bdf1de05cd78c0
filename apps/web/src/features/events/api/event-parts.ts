import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventEndpoints as endpoints } from '@portal/contract';
import { eventQueryOptions } from '../../../api/events.ts';
import { call } from '../../../lib/http.ts';

/** After a change to a part of the event, the event is read again. */
function useEventMutation<TVars, TData>(eventId: number, fn: (vars: TVars) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: eventQueryOptions(eventId).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });
}

export const useUpdateDay = (eventId: number) =>
  useEventMutation(
    eventId,
    ({ id, ...body }: { id: number; start_date?: string; end_date?: string; quantity?: number }) =>
      call(endpoints.updateDay, { params: { dayId: id }, body: { event_id: eventId, ...body } }),
  );

export const useDeleteDay = (eventId: number) =>
  useEventMutation(eventId, (id: number) => call(endpoints.deleteDay, { params: { dayId: id } }));

export const useSaveSponsor = (eventId: number) =>
  useEventMutation(eventId, ({ id, name, image }: { id?: number | undefined; name: string; image: string }) =>
    id
      ? call(endpoints.updateSponsor, { params: { id }, body: { event_id: eventId, name, image } })
      : call(endpoints.createSponsor, { body: { event_id: eventId, name, image } }),
  );

export const useDeleteSponsor = (eventId: number) =>
  useEventMutation(eventId, (id: number) => call(endpoints.deleteSponsor, { params: { id } }));

export const supportQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: ['event', eventId, 'support'],
    queryFn: () => call(endpoints.support, { params: { id: eventId } }),
  });

export const useSupport = (eventId: number) => useQuery(supportQueryOptions(eventId));

export function useSaveSupport(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, contact }: { id?: number | undefined; contact: string }) =>
      id
        ? call(endpoints.updateSupport, { params: { id }, body: { event_id: eventId, contact } })
        : call(endpoints.createSupport, { body: { event_id: eventId, contact } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportQueryOptions(eventId).queryKey }),
  });
}
