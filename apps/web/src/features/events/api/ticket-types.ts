import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketEndpoints as endpoints, type TicketType, type TicketTypeInput } from '@portal/contract';
import { eventQueryOptions } from '../../../api/events.ts';
import { call } from '../../../lib/http.ts';
import type { TicketDraft } from '../ticket-draft.ts';
import { attachDraftPromos, detachDroppedPromos } from './attach-promos.ts';

/** POST /ticket_types; for a recurring series, ?recurrence=n creates them for every occurrence. */
export const createTicketTypes = (tickets: TicketTypeInput[], seriesSize = 0) =>
  call(endpoints.createTypes, { body: tickets, query: seriesSize > 0 ? { recurrence: seriesSize } : {} });

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
        ? await call(endpoints.updateType, { params: { id: before.ID }, body: ticket })
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
    mutationFn: (id: number) => call(endpoints.deleteType, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventQueryOptions(eventId).queryKey }),
  });
}
