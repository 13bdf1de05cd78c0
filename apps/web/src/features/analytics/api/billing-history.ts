import { queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsEndpoints as endpoints } from '@portal/contract';
import { call } from '../../../lib/http.ts';

export const getBillingHistory = (partnerId: number) => call(endpoints.billing, { params: { partnerId } });

export const billingHistoryQueryOptions = (partnerId: number) =>
  queryOptions({ queryKey: ['analytics', 'billing', partnerId], queryFn: () => getBillingHistory(partnerId) });

export const useBillingHistory = (partnerId: number) => useQuery(billingHistoryQueryOptions(partnerId));
