import { queryOptions, useQuery } from '@tanstack/react-query';
import { partnerEndpoints as endpoints } from '@portal/contract';
import { call } from '../../../lib/http.ts';

export const partnerQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: ['partners', partnerId],
    queryFn: () => call(endpoints.get, { params: { id: partnerId } }),
  });

export const usePartner = (partnerId: number) => useQuery(partnerQueryOptions(partnerId));
