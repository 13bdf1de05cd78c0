import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketType, TicketTypeInput } from '@portal/contract';
import { api } from '../../../lib/http.ts';
import type { TicketDraft } from '../ticket-draft.ts';
import { attachDraftPromos, detachDroppedPromos } from './attach-promos.ts';
import { eventQueryOptions } from './get-event.ts';

/** POST /ticket_types; for a recurring series, ?recurrence=n creates them for every occurrence. */
export const createTicketTypes = (tickets: TicketTypeInput[], seriesSize = 0) =>
  api<TicketType[]>('/ticket_types', {
    method: 'POST',
    body: tickets,
    query: seriesSize > 0 ? { recurrence: seriesSize } : {},
  });

/** Saves a ticket type from the summary, then attaches its promo codes. */
export function useSaveTicketType(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      before,
      ticket,
      draft,
    }: {
      before: TicketType | null;
      ticket: TicketTypeInput;
      draft: TicketDraft;
    }) => {
      const saved = before
        ? await api<TicketType>(`/ticket_types/${before.ID}`, { method: 'PUT', body: ticket })
        : (await createTicketTypes([ticket]))[0]!;
      if (before) await detachDroppedPromos(before, draft);
      await attachDraftPromos([draft], [saved]);
      return saved;
    },
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
