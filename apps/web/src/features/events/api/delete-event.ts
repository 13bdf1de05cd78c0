import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http.ts';

/** Deletes one event, or with a series id every event of the series. */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, recurrenceId }: { id: number; recurrenceId?: string | undefined }) =>
      api<{ deleted: number[] }>(`/events/${id}`, {
        method: 'DELETE',
        query: recurrenceId ? { recurrence: `:${recurrenceId}` } : {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}
