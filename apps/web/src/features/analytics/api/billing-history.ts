import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingRow } from '@portal/contract';
import { api } from '../../../lib/http.ts';

export const getBillingHistory = (partnerId: number) => api<BillingRow[]>(`/analytics/billing/${partnerId}`);

export const billingHistoryQueryOptions = (partnerId: number) =>
  queryOptions({ queryKey: ['analytics', 'billing', partnerId], queryFn: () => getBillingHistory(partnerId) });

export const useBillingHistory = (partnerId: number) => useQuery(billingHistoryQueryOptions(partnerId));
