import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Partner } from '@portal/contract';
import { api } from '../../../lib/http.ts';

export const partnerQueryOptions = (partnerId: number) =>
  queryOptions({ queryKey: ['partners', partnerId], queryFn: () => api<Partner>(`/partners/${partnerId}`) });

export const usePartner = (partnerId: number) => useQuery(partnerQueryOptions(partnerId));
