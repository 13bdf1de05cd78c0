import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { eventEndpoints as endpoints } from '@portal/contract';
import { call } from '../../../lib/http.ts';

/** The dates a rule gives from the first start, worked out by the server exactly as creating the series will. */
export const useRecurrencePreview = (rrule: string, start: string, timeZone: string) =>
  useQuery({
    queryKey: ['recurrence-preview', rrule, start, timeZone],
    queryFn: ({ signal }) =>
      call(endpoints.recurrencePreview, { query: { rrule, start_date: start, time_zone: timeZone } }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
