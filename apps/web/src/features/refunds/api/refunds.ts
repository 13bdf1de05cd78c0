import { queryOptions, useQuery } from '@tanstack/react-query';
import { refundEndpoints as endpoints, type RefundBody } from '@portal/contract';
import { call } from '../../../lib/http.ts';

export const refundEventsQueryOptions = (partnerId: number, fanId: number) =>
  queryOptions({
    queryKey: ['refund-events', partnerId, fanId],
    queryFn: () => call(endpoints.events, { params: { partnerId, fanId } }),
  });
export const useRefundEvents = (partnerId: number, fanId: number) =>
  useQuery(refundEventsQueryOptions(partnerId, fanId));

export const refundTicketsQueryOptions = (eventId: number, fanId: number) =>
  queryOptions({
    queryKey: ['refund-tickets', eventId, fanId],
    queryFn: () => call(endpoints.tickets, { params: { eventId, fanId } }),
  });
export const useRefundTickets = (eventId: number, fanId: number) => useQuery(refundTicketsQueryOptions(eventId, fanId));

/** The key is made once per refund dialog, so a retried or doubled request refunds once. */
export const refundTickets = (body: RefundBody, idempotencyKey: string) =>
  call(endpoints.refund, { body }, { headers: { 'idempotency-key': idempotencyKey } });
