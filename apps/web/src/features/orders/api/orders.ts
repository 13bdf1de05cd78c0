import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  orderEndpoints as endpoints,
  type BookingsCsvQuery,
  type OrderDateRange,
  type OrdersQuery,
} from '@portal/contract';
import { call, downloadFile } from '../../../lib/http.ts';

/**
 * The filter as the server takes it. "Today" starts at the browser's midnight, which only the browser
 * knows; the other ranges count back from now on the server.
 */
export function orderFilter(search: string, date: OrderDateRange, now = new Date()) {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return { search, date, ...(date === 'today' ? { start_date: startOfToday.toISOString() } : {}) };
}

export const ordersQueryOptions = (query: OrdersQuery) =>
  queryOptions({
    queryKey: ['orders', query],
    queryFn: ({ signal }) => call(endpoints.search, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useOrders = (query: OrdersQuery) => useQuery(ordersQueryOptions(query));

export const downloadBookingsCsv = (partnerId: number, filter: BookingsCsvQuery) =>
  downloadFile(`/analytics/slot_quantity/${partnerId}`, filter, 'bookings.csv');
