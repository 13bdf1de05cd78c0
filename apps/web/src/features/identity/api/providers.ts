import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Providers } from '@portal/contract';
import { api } from '../../../lib/http.ts';

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['identity', 'providers'],
    queryFn: () => api<Providers>('/identity/providers', { auth: false }),
    staleTime: Infinity,
  });

export const useProviders = () => useQuery(providersQueryOptions());
