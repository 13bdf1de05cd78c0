import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TermsDocument } from '@portal/contract';
import { api } from '../../../lib/http.ts';

export const termsQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: ['partners', partnerId, 'tos'],
    queryFn: () => api<TermsDocument[]>(`/partners/${partnerId}/tos`),
  });

export const useTerms = (partnerId: number) => useQuery(termsQueryOptions(partnerId));

export type NewDocument = { uploaded: boolean; file: string; file_name: string };

export function useAddTerms(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uploaded, ...body }: NewDocument) =>
      api<TermsDocument>(`/partners/${partnerId}/tos`, { method: 'POST', query: { file: uploaded }, body }),
    onSuccess: (doc) => queryClient.setQueryData(termsQueryOptions(partnerId).queryKey, (docs = []) => [...docs, doc]),
  });
}

export function useDeleteTerms(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (docId: number) => api<{ ID: number }>(`/partners/${partnerId}/tos/${docId}`, { method: 'DELETE' }),
    onSuccess: ({ ID }) =>
      queryClient.setQueryData(termsQueryOptions(partnerId).queryKey, (docs = []) => docs.filter((d) => d.ID !== ID)),
  });
}
