import { queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsEndpoints as endpoints } from '@portal/contract';
import { call } from '../../../lib/http.ts';

export const getPartnerAnalytics = (partnerId: number) => call(endpoints.partner, { params: { partnerId } });

export const partnerAnalyticsQueryOptions = (partnerId: number) =>
  queryOptions({ queryKey: ['analytics', 'partner', partnerId], queryFn: () => getPartnerAnalytics(partnerId) });

export const usePartnerAnalytics = (partnerId: number) => useQuery(partnerAnalyticsQueryOptions(partnerId));
