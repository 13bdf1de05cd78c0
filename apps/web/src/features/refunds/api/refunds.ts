import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RefundBody, RefundEvent, RefundResult, RefundTicket } from '@portal/contract';
import { api } from '../../../lib/http.ts';

export const refundEventsQueryOptions = (partnerId: number, fanId: number) =>
  queryOptions({
    queryKey: ['refund-events', partnerId, fanId],
    queryFn: () => api<RefundEvent[]>(`/transactions/tickets_for_refund/${partnerId}/${fanId}`),
  });
export const useRefundEvents = (partnerId: number, fanId: number) =>
  useQuery(refundEventsQueryOptions(partnerId, fanId));

export const refundTicketsQueryOptions = (eventId: number, fanId: number) =>
  queryOptions({
    queryKey: ['refund-tickets', eventId, fanId],
    queryFn: () => api<RefundTicket[]>(`/transactions/tickets_for_refund/ticket_type/${eventId}/${fanId}`),
  });
export const useRefundTickets = (eventId: number, fanId: number) => useQuery(refundTicketsQueryOptions(eventId, fanId));

/** The key is made once per refund dialog, so a retried or doubled request refunds once. */
export const refundTickets = (body: RefundBody, idempotencyKey: string) =>
  api<RefundResult>('/financial/refund', { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey } });
