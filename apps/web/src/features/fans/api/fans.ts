import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateFanNoteBody,
  FanData,
  FanList,
  FanListQuery,
  FanNote,
  IdentityChannel,
  IdentityPinSent,
} from '@portal/contract';
import { api } from '../../../lib/http.ts';

export const fansQueryOptions = (partnerId: number, query: FanListQuery) =>
  queryOptions({
    queryKey: ['fans', partnerId, query],
    queryFn: ({ signal }) => api<FanList>(`/partners/${partnerId}/fans`, { query, signal }),
    placeholderData: keepPreviousData,
  });
export const useFans = (partnerId: number, query: FanListQuery) => useQuery(fansQueryOptions(partnerId, query));

export const fanDataQueryOptions = (partnerId: number, fanId: number) =>
  queryOptions({
    queryKey: ['fan', partnerId, fanId],
    queryFn: () => api<FanData>(`/analytics/fandata/${partnerId}/${fanId}`),
  });
export const useFanData = (partnerId: number, fanId: number) => useQuery(fanDataQueryOptions(partnerId, fanId));

const notesQueryOptions = (partnerId: number, fanId: number) =>
  queryOptions({
    queryKey: ['fan-notes', partnerId, fanId],
    queryFn: () => api<FanNote[]>(`/fan_notes/partners/${partnerId}/${fanId}`),
  });
export const useFanNotes = (partnerId: number, fanId: number) => useQuery(notesQueryOptions(partnerId, fanId));

/** The new note joins the list once the server has it. */
export function useAddFanNote(partnerId: number, fanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFanNoteBody) => api<FanNote>('/fan_notes', { method: 'POST', body }),
    onSuccess: (note) =>
      queryClient.setQueryData(notesQueryOptions(partnerId, fanId).queryKey, (notes = []) => [note, ...notes]),
  });
}

export const requestIdentityPin = (partnerId: number, fanId: number, channel: IdentityChannel) =>
  api<IdentityPinSent>(`/users/confirm_identity/${fanId}/${partnerId}`, { query: { channel } });
export const confirmIdentityPin = (partnerId: number, fanId: number, pin: string) =>
  api<{ confirmed: true; confirmed_at: string }>(`/users/confirm_identity/${fanId}/${partnerId}`, {
    method: 'POST',
    body: { pin },
  });
export const sendFanPasswordReset = (partnerId: number, fanId: number) =>
  api<{ sent: true }>(`/partners/${partnerId}/fans/${fanId}/reset-password`, { method: 'POST', body: {} });
