import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventDay, Sponsor, SupportContact } from '@portal/contract';
import { api } from '../../../lib/http.ts';
import { eventQueryOptions } from './get-event.ts';

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
      api<EventDay>(`/events/days/${id}`, { method: 'PUT', body: { event_id: eventId, ...body } }),
  );

export const useDeleteDay = (eventId: number) =>
  useEventMutation(eventId, (id: number) => api<{ ID: number }>(`/events/days/${id}`, { method: 'DELETE' }));

export const useSaveSponsor = (eventId: number) =>
  useEventMutation(eventId, ({ id, name, image }: { id?: number | undefined; name: string; image: string }) =>
    api<Sponsor>(id ? `/sponsors/${id}` : '/sponsors', {
      method: id ? 'PUT' : 'POST',
      body: { event_id: eventId, name, image },
    }),
  );

export const useDeleteSponsor = (eventId: number) =>
  useEventMutation(eventId, (id: number) => api<{ ID: number }>(`/sponsors/${id}`, { method: 'DELETE' }));

export const supportQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: ['event', eventId, 'support'],
    queryFn: () => api<SupportContact[]>(`/support/events/${eventId}`),
  });

export const useSupport = (eventId: number) => useQuery(supportQueryOptions(eventId));

export function useSaveSupport(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, contact }: { id?: number | undefined; contact: string }) =>
      api<SupportContact>(id ? `/support/${id}` : '/support', {
        method: id ? 'PUT' : 'POST',
        body: { event_id: eventId, contact },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportQueryOptions(eventId).queryKey }),
  });
}
