import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  checkInEndpoints as endpoints,
  eventEndpoints,
  type CheckInSyncBody,
  type CheckInUndoBody,
  type GateList,
} from '@portal/contract';
import { call } from '../../../lib/http.ts';

/** The event whose gate this is: its name, time zone and days. */
export const useGateEvent = (eventId: number) =>
  useQuery({
    queryKey: ['check-in', eventId, 'event'],
    queryFn: () => call(eventEndpoints.get, { params: { id: eventId }, query: {} }),
  });

const countKey = (eventId: number, dayId: number) => ['check-in', eventId, 'day', dayId];
const listKey = (eventId: number, dayId: number) => ['check-in', eventId, 'list', dayId];

/** How often the count is asked again, so the figure follows the other gates' admissions too. */
export const COUNT_POLL_MS = 5_000;
/** How often the day's list is taken again while online, so a gate that loses the network is recent. */
export const LIST_POLL_MS = 30_000;

/** What a day's polled read needs: nothing is asked before a day is chosen. */
function dayPoll(key: typeof countKey, eventId: number, dayId: number | null, everyMs: number) {
  const params = { id: eventId, dayId: dayId ?? 0 };
  return {
    params,
    poll: { queryKey: key(eventId, params.dayId), enabled: dayId !== null, refetchInterval: everyMs },
  };
}

/**
 * "N admitted of M expected" for one day, as every gate sees it. Polled every few seconds while the
 * page is visible (TanStack Query pauses an interval in a hidden tab and refetches on return), and
 * asked again at once after each admission at this gate (see `useAdmit`).
 */
export function useDayCount(eventId: number, dayId: number | null) {
  const { params, poll } = dayPoll(countKey, eventId, dayId, COUNT_POLL_MS);
  return useQuery({ ...poll, queryFn: () => call(endpoints.count, { params }), staleTime: 0 });
}

/**
 * The day's list the gate keeps to admit by itself offline, and to show and search the day's
 * admissions. While offline the query pauses and the last list taken stays.
 */
export function useGateList(eventId: number, dayId: number | null) {
  const { params, poll } = dayPoll(listKey, eventId, dayId, LIST_POLL_MS);
  return useQuery({ ...poll, queryFn: () => call(endpoints.list, { params }), staleTime: LIST_POLL_MS });
}

/** The day's list this gate holds now, read at the moment of a decision rather than from a render. */
export const heldGateList = (queryClient: QueryClient, eventId: number, dayId: number) =>
  queryClient.getQueryData<GateList>(listKey(eventId, dayId));

/** Writes admissions the server confirmed into the list held, without taking the whole list again. */
export function noteAdmissions(
  queryClient: QueryClient,
  eventId: number,
  dayId: number,
  admissions: { ticket_id?: number; code?: string; checked_in_at: string }[],
) {
  queryClient.setQueryData<GateList>(listKey(eventId, dayId), (list) =>
    list
      ? {
          ...list,
          tickets: list.tickets.map((t) => {
            const made = admissions.find((a) => a.ticket_id === t.ticket_id || a.code === t.code);
            return made ? { ...t, checked_in_at: made.checked_in_at } : t;
          }),
        }
      : list,
  );
  void queryClient.invalidateQueries({ queryKey: countKey(eventId, dayId) });
}

/** Admits a typed code or a scanned pass at this day's gate; the day's count and list follow. */
export function useAdmit(eventId: number, dayId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      call(endpoints.admit, { params: { id: eventId }, body: { code, event_day_id: dayId ?? 0 } }),
    onSuccess: (admitted) => noteAdmissions(queryClient, eventId, dayId ?? 0, [admitted]),
  });
}

/** Sends the admissions a gate made offline; the server's answer says which stand. */
export const syncScans = (eventId: number, body: CheckInSyncBody) =>
  call(endpoints.sync, { params: { id: eventId }, body });

/** Undoes a mistaken admission, with the reason; the list and count are taken again. */
export function useUndo(eventId: number, dayId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckInUndoBody) => call(endpoints.undo, { params: { id: eventId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey(eventId, dayId ?? 0) }),
        queryClient.invalidateQueries({ queryKey: countKey(eventId, dayId ?? 0) }),
      ]),
  });
}
