import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartnerAnalytics } from '@portal/contract';
import { api } from '../../../lib/http.ts';

export const getPartnerAnalytics = (partnerId: number) => api<PartnerAnalytics>(`/events/analytics/${partnerId}`);

export const partnerAnalyticsQueryOptions = (partnerId: number) =>
  queryOptions({ queryKey: ['analytics', 'partner', partnerId], queryFn: () => getPartnerAnalytics(partnerId) });

export const usePartnerAnalytics = (partnerId: number) => useQuery(partnerAnalyticsQueryOptions(partnerId));
