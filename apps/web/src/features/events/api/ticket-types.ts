import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketType, TicketTypeInput } from '@portal/contract';
import { api } from '../../../lib/http.ts';
import { eventQueryOptions } from './get-event.ts';

/** POST /ticket_types; for a recurring series, ?recurrence=n creates them for every occurrence. */
export const createTicketTypes = (tickets: TicketTypeInput[], seriesSize = 0) =>
  api<TicketType[]>('/ticket_types', {
    method: 'POST',
    body: tickets,
    query: seriesSize > 0 ? { recurrence: seriesSize } : {},
  });

export function useSaveTicketType(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ticket }: { id?: number | undefined; ticket: TicketTypeInput }) =>
      id
        ? api<TicketType>(`/ticket_types/${id}`, { method: 'PUT', body: ticket })
        : (await createTicketTypes([ticket]))[0]!,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventQueryOptions(eventId).queryKey }),
  });
}

export function useDeleteTicketType(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ ID: number }>(`/ticket_types/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventQueryOptions(eventId).queryKey }),
  });
}
