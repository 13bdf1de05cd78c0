import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityEndpoints as endpoints } from '@portal/contract';
import { call } from '../../../lib/http.ts';

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['identity', 'providers'],
    queryFn: () => call(endpoints.providers),
    staleTime: Infinity,
  });

export const useProviders = () => useQuery(providersQueryOptions());
