import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RecurrencePreview } from '@portal/contract';
import { api } from '../../../lib/http.ts';

/** The dates a rule gives from the first start, worked out by the server exactly as creating the series will. */
export const useRecurrencePreview = (rrule: string, start: string, timeZone: string) =>
  useQuery({
    queryKey: ['recurrence-preview', rrule, start, timeZone],
    queryFn: ({ signal }) =>
      api<RecurrencePreview>('/events/recurrence-preview', {
        query: { rrule, start_date: start, time_zone: timeZone },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
