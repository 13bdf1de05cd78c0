import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDetail, EventsByPeriod, EventUpdate } from '@portal/contract';
import { api } from '../../../lib/http.ts';
import { eventsByPeriodQueryOptions } from './get-events.ts';
import { eventQueryOptions } from './get-event.ts';

export const updateEvent = (id: number, body: EventUpdate) =>
  api<EventDetail>(`/events/${id}`, { method: 'PUT', body });

type Flags = Pick<EventUpdate, 'active_on_widget' | 'transfering_allowed' | 'selling_allowed'>;

/**
 * The event list's toggles: shown changed at once, sent at once, and put back (visibly) if the
 * server refuses.
 */
export function useToggleEventFlags(partnerId: number) {
  const queryClient = useQueryClient();
  const key = eventsByPeriodQueryOptions(partnerId).queryKey;
  return useMutation({
    mutationFn: ({ id, flags }: { id: number; flags: Flags }) => updateEvent(id, flags),
    onMutate: async ({ id, flags }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (groups?: EventsByPeriod) =>
        groups?.map((g) => ({ ...g, events: g.events.map((e) => (e.ID === id ? { ...e, ...flags } : e)) })),
      );
      return { previous };
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(key, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** One field of the summary's inline editing; the answer replaces the cached event. */
export function useUpdateEvent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventUpdate) => updateEvent(id, body),
    onSuccess: (event) => {
      queryClient.setQueryData(eventQueryOptions(id).queryKey, event);
      void queryClient.invalidateQueries({ queryKey: ['events'], refetchType: 'none' });
    },
  });
}
