import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ticketEndpoints as endpoints } from '@portal/contract';
import { call } from '../../../lib/http.ts';

export const templatesQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: ['templates', partnerId],
    queryFn: () => call(endpoints.templates, { query: { partner_id: partnerId } }),
  });

export const useTemplates = (partnerId: number) => useQuery(templatesQueryOptions(partnerId));

export function useCreateTemplate(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: string) => call(endpoints.createTemplate, { body: { partner_id: partnerId, image } }),
    onSuccess: (t) => queryClient.setQueryData(templatesQueryOptions(partnerId).queryKey, (list = []) => [...list, t]),
  });
}
