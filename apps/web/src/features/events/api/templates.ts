import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Template } from '@portal/contract';
import { api } from '../../../lib/http.ts';

export const templatesQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: ['templates', partnerId],
    queryFn: () => api<Template[]>('/templates', { query: { partner_id: partnerId } }),
  });

export const useTemplates = (partnerId: number) => useQuery(templatesQueryOptions(partnerId));

export function useCreateTemplate(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: string) =>
      api<Template>('/templates', { method: 'POST', body: { partner_id: partnerId, image } }),
    onSuccess: (t) => queryClient.setQueryData(templatesQueryOptions(partnerId).queryKey, (list = []) => [...list, t]),
  });
}
