import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventEndpoints as endpoints } from '@portal/contract';
import { call } from '../../../lib/http.ts';

/** Deletes one event, or with a series id every event of the series. */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, recurrenceId }: { id: number; recurrenceId?: string | undefined }) =>
      call(endpoints.delete, { params: { id }, query: recurrenceId ? { recurrence: `:${recurrenceId}` } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}
