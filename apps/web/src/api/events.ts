import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventEndpoints as endpoints, type EventsByPeriod, type EventUpdate } from '@portal/contract';
import { call } from '../lib/http.ts';

/**
 * One event with its days, ticket types (and their promo codes) and sponsors: the event's summary edits
 * it, its analytics read its days.
 */
export const eventQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['event', id],
    queryFn: () => call(endpoints.get, { params: { id }, query: { promocode: true } }),
  });

export const useEvent = (id: number) => useQuery(eventQueryOptions(id));

/** The partner's events by period: the event list shows them, the widget settings toggle them. */
export const getEventsByPeriod = (partnerId: number) =>
  // `ordered` chooses which of the list's two shapes answers, which the definition cannot say.
  call(endpoints.list, { query: { partner_id: partnerId, ordered: true } }) as Promise<EventsByPeriod>;

export const eventsByPeriodQueryOptions = (partnerId: number) =>
  queryOptions({ queryKey: ['events', partnerId, 'by-period'], queryFn: () => getEventsByPeriod(partnerId) });

export const useEventsByPeriod = (partnerId: number) => useQuery(eventsByPeriodQueryOptions(partnerId));

export const updateEvent = (id: number, body: EventUpdate) => call(endpoints.update, { params: { id }, body });

export type WidgetFlag = 'active_on_widget' | 'transfering_allowed' | 'selling_allowed';

/**
 * The widget flags' toggles: shown changed at once, sent at once, and put back (visibly) if the
 * server refuses.
 */
export function useToggleEventFlags(partnerId: number) {
  const queryClient = useQueryClient();
  const key = eventsByPeriodQueryOptions(partnerId).queryKey;
  return useMutation({
    mutationFn: ({ id, flags }: { id: number; flags: Partial<Pick<EventUpdate, WidgetFlag>> }) =>
      updateEvent(id, flags),
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
