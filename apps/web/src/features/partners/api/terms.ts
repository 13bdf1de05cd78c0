import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { partnerEndpoints as endpoints } from '@portal/contract';
import { call } from '../../../lib/http.ts';

export const termsQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: ['partners', partnerId, 'tos'],
    queryFn: () => call(endpoints.terms, { params: { id: partnerId } }),
  });

export const useTerms = (partnerId: number) => useQuery(termsQueryOptions(partnerId));

export type NewDocument = { uploaded: boolean; file: string; file_name: string };

export function useAddTerms(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uploaded, ...body }: NewDocument) =>
      call(endpoints.addTerms, { params: { id: partnerId }, query: { file: uploaded }, body }),
    onSuccess: (doc) => queryClient.setQueryData(termsQueryOptions(partnerId).queryKey, (docs = []) => [...docs, doc]),
  });
}

export function useDeleteTerms(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (docId: number) => call(endpoints.deleteTerms, { params: { id: partnerId, docId } }),
    onSuccess: ({ ID }) =>
      queryClient.setQueryData(termsQueryOptions(partnerId).queryKey, (docs = []) => docs.filter((d) => d.ID !== ID)),
  });
}
