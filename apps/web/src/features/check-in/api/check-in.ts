import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInCount, CheckInResult, EventDetail } from '@portal/contract';
import { api } from '../../../lib/http.ts';

/** The event whose gate this is: its name, time zone and days. */
export const useGateEvent = (eventId: number) =>
  useQuery({ queryKey: ['check-in', eventId, 'event'], queryFn: () => api<EventDetail>(`/events/${eventId}`) });

const countKey = (eventId: number, dayId: number) => ['check-in', eventId, 'day', dayId];

/** How often the count is asked again, so the figure follows the other gates' admissions too. */
export const COUNT_POLL_MS = 5_000;

/**
 * "N admitted of M expected" for one day, as every gate sees it. Polled every few seconds while the
 * page is visible (TanStack Query pauses an interval in a hidden tab and refetches on return), and
 * asked again at once after each admission at this gate (see `useAdmit`).
 */
export const useDayCount = (eventId: number, dayId: number | null) =>
  useQuery({
    queryKey: countKey(eventId, dayId ?? 0),
    queryFn: () => api<CheckInCount>(`/events/${eventId}/check-in/days/${dayId}`),
    enabled: dayId !== null,
    refetchInterval: COUNT_POLL_MS,
    staleTime: 0,
  });

/** Admits a typed code or a scanned pass at this day's gate; the day's count follows. */
export function useAdmit(eventId: number, dayId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<CheckInResult>(`/events/${eventId}/check-in`, { method: 'POST', body: { code, event_day_id: dayId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countKey(eventId, dayId ?? 0) }),
  });
}
