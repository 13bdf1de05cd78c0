import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventUpdate } from '@portal/contract';
import { eventQueryOptions, updateEvent } from '../../../api/events.ts';

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
